import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_VIBES, MATCH_SORTS } from "@shared/vocabulary";
import { liveVibe } from "../live/crowd";
import type { VenueFacts } from "./catalog";
import { VenueStore } from "./catalog-store";
import type { StoredVenue } from "./queries";
import { type DecodedMatch, type MatchedVenue, matchedJson, matchRanking, presentMatched } from "./service";

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
    const list: DecodedMatch[] = [
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
    // lean (a match for its JSON): the venues' bytes from the catalog's store, the same answer
    const store = new VenueStore();
    const lean: MatchedVenue[] = list.map(({ venue: v, ...m }) => {
      const slot = store.put(v);
      const { id, opening_hours, vibe_scores, likely_vibes } = v;
      return { ...m, venue: { id, opening_hours, vibe_scores, likely_vibes }, head: store.headJson(slot) };
    });
    expect(text(matchedJson(lean, now))).toBe(text(matchedJson(list, now)));
  });
});

describe("matchRanking's fit", () => {
  // the catalog offers a venue visited by its fit the fit's bound at its distance instead of its
  // score (catalog.ts rank(), visit through fitVisit): the same number for every venue without a live vibe
  it("bounds a venue's score by its fit, and is its score exactly at its own distance", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...ALL_VIBES), fc.double({ min: 0, max: 1, noNaN: true }), { maxKeys: 6 }),
        fc.uniqueArray(fc.constantFrom(...ALL_VIBES), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...MATCH_SORTS.filter((s) => s !== "rating")),
        fc.double({ min: 0, max: 160_934, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (scores, vibes, sort, radiusMeters, at) => {
          const live = new Map([[2, liveVibe(null, [{ createdAt: new Date(), vibes: [vibes[0]] }])!]]);
          const ranking = matchRanking({ vibes, sort, radiusMeters }, live);
          const meters = at * radiusMeters;
          const facts = (id: number): VenueFacts => ({
            id,
            category: "Cafe",
            rating: null,
            review_count: null,
            memberRating: null,
            vibeScore: (v) => scores[v],
            openingHours: null,
            likelyWeight: () => 0,
          });
          const fit = ranking.fit!.of(
            (v) => scores[v],
            () => null,
          );
          expect(ranking.fit!.bound(fit, meters)).toBe(ranking.score(facts(1), meters));
          expect(ranking.fit!.bound(fit, meters / 2)).toBeGreaterThanOrEqual(ranking.score(facts(1), meters));
          // a venue with a live vibe is an outlier: its score is not its stored fit's
          expect([...(ranking.outliers ?? [])]).toEqual([2]);
        },
      ),
    );
  });
});
