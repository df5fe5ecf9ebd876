import { describe, expect, it } from "vitest";
import { liveVibe } from "../live/crowd";
import type { StoredVenue } from "./queries";
import { matchedJson, presentMatched, type MatchedVenue } from "./service";

const venue = (id: number, over: Partial<StoredVenue> = {}): StoredVenue => ({
  id,
  external_id: `seed:${id}`,
  source: "seed",
  name: `Venue ${id}`,
  category: "Bar",
  description: null,
  address: "1 Main St",
  latitude: 37.77,
  longitude: -122.42,
  image_url: null,
  rating: null,
  review_count: null,
  phone_number: null,
  website: null,
  hours: [],
  opening_hours: null,
  detected_vibes: ["Chill"],
  vibe_scores: { Chill: 0.7 },
  likely_vibes: [],
  attribution: "Data: DataSF",
  ...over,
});

describe("matchedJson", () => {
  it("writes exactly the Venues presentMatched makes, for every kind of field", () => {
    const now = new Date("2026-01-09T20:00:00Z"); // Friday noon in San Francisco
    const live = liveVibe(
      {
        capacityStatus: "Full",
        noiseLevel: "Loud",
        currentVibes: ["Energetic"],
        specialNotes: 'Jazz "tonight" \u2028 🎷',
        isOpen: true,
        createdAt: now,
      },
      [{ vibes: ["Social"], createdAt: now }],
      now,
    );
    const list: MatchedVenue[] = [
      { venue: venue(1), meters: 0, fit: null, isFavorite: false, live: null },
      {
        venue: venue(2, {
          name: 'Café "Zoë" \\ <b>',
          description: "Line one\nline two\u0000",
          rating: 4.5,
          review_count: 120,
          hours: ["Mo-Fr 08:00-17:00"],
          opening_hours: "Mo-Fr 08:00-17:00",
          website: "https://example.com/?a=1&b=2",
          detected_vibes: [],
          vibe_scores: {},
        }),
        meters: 1234.5678,
        fit: 0.83,
        isFavorite: true,
        live,
      },
      { venue: venue(3), meters: 80_000, fit: 0, isFavorite: false, live: null },
    ];
    const text = (bytes: Buffer) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(JSON.parse(text(matchedJson(list, now)))).toEqual(list.map((m) => presentMatched(m, now)));
    // kept bytes are reused, and still right
    expect(JSON.parse(text(matchedJson(list.slice().reverse(), now)))).toEqual(
      list
        .slice()
        .reverse()
        .map((m) => presentMatched(m, now)),
    );
    expect(text(matchedJson([], now))).toBe("[]");
    // "Mo-Fr 08:00-17:00" at Friday noon in San Francisco, read by hand
    expect(JSON.parse(text(matchedJson(list, now)))[1].openStatus).toEqual({
      open: true,
      text: "Open now · closes 5 PM",
    });
    // every byte accounted for: as long as JSON.stringify's own answer (the same fields, reordered)
    expect(matchedJson(list, now).length).toBe(
      Buffer.byteLength(JSON.stringify(list.map((m) => presentMatched(m, now)))),
    );
  });
});
