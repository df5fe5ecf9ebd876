import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECODED_KEPT, type StoreRow, storeRowOf, VenueStore } from "./catalog-store";
import { type StoredVenue, storedVenueHead } from "./queries";

const venue = (id: number, over: Partial<StoredVenue> = {}): StoredVenue => ({
  id,
  external_id: `test:${id}`,
  name: `Café ${id} — «ünïcödé» 🍵`,
  category: "Cafe",
  description: id % 2 ? null : 'A quiet corner with "quotes" and a \\ backslash',
  address: `${id} Main St`,
  latitude: 37.7749 + id * 1e-7,
  longitude: -122.4194 - id * 1e-7,
  image_url: null,
  rating: id % 3 ? 4.5 : null,
  review_count: id % 3 ? id : null,
  phone_number: null,
  website: "https://example.com/",
  hours: ["Mon: 8 AM – 5 PM"],
  opening_hours: id % 4 ? "Mo-Su 08:00-17:00" : null,
  detected_vibes: ["Chill", "Cozy"],
  vibe_scores: { Chill: 0.7, Cozy: 0.45, Quiet: 0 },
  likely_vibes: id % 5 ? [] : [{ vibe: "Romantic", weight: 4, reasons: ["wine bar", "cocktails"] }],
  source: "osm",
  attribution: "© OpenStreetMap contributors",
  ...over,
});

describe("VenueStore", () => {
  it("gives back every venue as it was stored, field for field", () => {
    const store = new VenueStore();
    const venues = Array.from({ length: 50 }, (_, i) => venue(i + 1));
    venues.push(
      venue(100, { vibe_scores: { Chill: 0.333, Loud: 1 } }), // not whole hundredths: kept aside
      venue(101, { vibe_scores: { Social: 1.5 } }), // out of 0..1: kept aside
      venue(102, { vibe_scores: null as unknown as Record<string, number>, detected_vibes: [] }),
      venue(103, { rating: 0, review_count: 0 }),
      venue(104, { member_rating_sum: 9, member_review_count: 2 }),
    );
    const slots = venues.map((v) => store.put(v));
    for (const [i, v] of venues.entries()) expect(store.venue(slots[i])).toEqual(v);
    expect(store.size).toBe(venues.length);
    expect(store.scoreOf(slots[0], "Chill")).toBe(0.7);
    expect(store.scoreOf(slots[0], "Quiet")).toBe(0);
    expect(store.scoreOf(slots[0], "Loud")).toBeUndefined();
    expect(store.scoreOf(slots[50], "Chill")).toBe(0.333);
    expect(store.scoreOf(slots[51], "Social")).toBe(1.5);
    expect(store.scoreOf(slots[52], "Chill")).toBeUndefined();
    expect(store.ratingOf(slots[53])).toBe(0);
    expect(store.reviewCountOf(slots[53])).toBe(0);
  });

  it("replaces and deletes venues, reusing slots and compacting the text (1.5 MB written, 1 MB held)", {
    timeout: 60_000,
  }, () => {
    const store = new VenueStore();
    const long = "x".repeat(5000);
    for (let round = 0; round < 60; round++)
      for (let id = 1; id <= 5; id++) store.put(venue(id, { description: `${round} ${long}` }));
    expect(store.size).toBe(5);
    for (let id = 1; id <= 5; id++) {
      const slot = store.slotOf.get(id)!;
      expect(store.venue(slot).description).toBe(`59 ${long}`);
    }
    expect(store.delete(3)).toBeDefined();
    expect(store.delete(3)).toBeUndefined();
    expect(store.slotOf.has(3)).toBe(false);
    expect(store.size).toBe(4);
  });

  it("shares the detected vibes of equal lists, frozen, with one bit per vibe", () => {
    const store = new VenueStore();
    const a = store.put(venue(1));
    const b = store.put(venue(2));
    const c = store.put(venue(3, { detected_vibes: ["Loud"] }));
    expect(store.detectedVibesOf(a)).toBe(store.detectedVibesOf(b));
    expect(Object.isFrozen(store.detectedVibesOf(a))).toBe(true);
    expect(store.vibeMaskOf(a)).toBe(0b11);
    expect(store.vibeMaskOf(c)).toBe(0b100);
  });

  it("keeps a venue decoded the second time it is asked of late, not the first", () => {
    const store = new VenueStore();
    const [a, b] = [store.put(venue(1)), store.put(venue(2))];
    const once = store.venue(a);
    const twice = store.venue(a);
    expect(twice).not.toBe(once);
    expect(twice).toEqual(once);
    expect(store.venue(a)).toBe(twice);
    // asked once, then after DECODED_KEPT other first decodes: forgotten, so not kept on the next
    store.venue(b);
    for (let i = 0; i < DECODED_KEPT; i++) store.venue(store.put(venue(100 + i)));
    const late = store.venue(b);
    expect(store.venue(b)).not.toBe(late);
  });

  it("keeps the last DECODED_KEPT venues decoded, drops the oldest first, and decodes a changed one anew", () => {
    const store = new VenueStore();
    const extra = 10;
    const slots = Array.from({ length: DECODED_KEPT + extra }, (_, i) => store.put(venue(i + 1)));
    // each asked twice in a row: kept from the second decode
    const first = slots.map((slot) => (store.venue(slot), store.venue(slot)));
    // the newest DECODED_KEPT are the same objects (kept once decoded); the oldest `extra` were dropped
    for (const i of [extra, extra + 1, DECODED_KEPT, DECODED_KEPT + extra - 1])
      expect(store.venue(slots[i])).toBe(first[i]);
    const again = store.venue(slots[0]);
    expect(again).not.toBe(first[0]);
    expect(again).toEqual(first[0]);
    // asked again lately (twice, the first decode long forgotten), the oldest is kept, which dropped the
    // next oldest kept (slots[extra]), and nothing newer
    expect(store.venue(slots[0])).toBe(store.venue(slots[0]));
    expect(store.venue(slots[extra + 1])).toBe(first[extra + 1]);
    expect(store.venue(slots[extra])).not.toBe(first[extra]);
    // a venue changed: its next answer is the new one
    const last = slots[DECODED_KEPT + extra - 1];
    expect(store.put(venue(DECODED_KEPT + extra, { name: "Renamed" }))).toBe(last);
    expect(store.venue(last).name).toBe("Renamed");
  });
});

describe("VenueStore.headJson", () => {
  const now = new Date("2026-11-28T04:30:00Z");
  const text = fc.string({ unit: "binary", maxLength: 24 });
  const venues = fc.record({
    external_id: text,
    name: text,
    category: fc.constantFrom("Cafe" as const, "Bar" as const, "Restaurant" as const, "Club" as const),
    description: fc.option(text),
    address: fc.option(text),
    latitude: fc.double({ min: -90, max: 90, noNaN: true }),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    image_url: fc.option(text),
    rating: fc.option(fc.oneof(fc.constantFrom(0, 4.5, 5), fc.double({ min: 0, max: 5, noNaN: true }))),
    review_count: fc.option(fc.nat()),
    phone_number: fc.option(text),
    website: fc.option(text),
    hours: fc.array(text, { maxLength: 3 }),
    opening_hours: fc.option(fc.constantFrom("Mo-Su 08:00-17:00", "24/7")),
    detected_vibes: fc.array(fc.constantFrom("Chill", "Cozy", "Loud", "Live Music", 'Qu"iet'), { maxLength: 3 }),
    vibe_scores: fc.oneof(
      fc.dictionary(
        fc.constantFrom("Chill", "Cozy", "Loud", "7", 'Qu"iet'),
        fc.integer({ min: 0, max: 100 }).map((n) => n / 100),
      ),
      fc.dictionary(text, fc.double({ min: 0, max: 2, noNaN: true })), // kept aside
    ),
    source: fc.constantFrom("osm", "google", "datasf", "other"),
    attribution: fc.constantFrom("© OpenStreetMap contributors", "Google", "Data from Google · © OSM", ""),
    members: fc.option(fc.record({ count: fc.integer({ min: 1, max: 9 }), each: fc.integer({ min: 1, max: 5 }) })),
  });

  it("writes the same bytes as JSON.stringify of presentStoredVenue's fields, for any venue", () => {
    fc.assert(
      fc.property(fc.array(venues, { minLength: 1, maxLength: 8 }), (list) => {
        const store = new VenueStore();
        const stored = list.map(
          ({ members, ...v }, i): StoredVenue => ({
            id: i + 1,
            likely_vibes: [],
            ...v,
            ...(members && { member_rating_sum: members.count * members.each, member_review_count: members.count }),
          }),
        );
        const slots = stored.map((v) => store.put(v));
        for (const [i, slot] of slots.entries()) {
          const want = storedVenueHead(stored[i], now);
          // made, then (asked twice) kept: the same bytes either way
          for (let ask = 0; ask < 3; ask++) expect(store.lean(slot).head.toString()).toBe(want.toString());
          // and, closed, JSON of the venue's fields
          const answer = JSON.parse(`${store.headJson(slot).toString()}0.1"}`);
          expect([answer.externalId, answer.name, answer.website, answer.vibeScores]).toEqual([
            stored[i].external_id,
            stored[i].name,
            stored[i].website,
            stored[i].vibe_scores,
          ]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reads a text given as JSON with spaces (as PostgreSQL writes it), and a changed venue anew", () => {
    const store = new VenueStore();
    const v = venue(7, { description: 'say "hi" \\ there', image_url: null });
    const row = storeRowOf(v);
    const spaced = JSON.stringify(row[14], null, 1);
    const slot = store.putRow([...row.slice(0, 14), spaced] as unknown as StoreRow);
    expect(store.headJson(slot).toString()).toBe(storedVenueHead(v, new Date()).toString());
    expect(store.lean(slot).head).not.toBe(store.lean(slot).head); // made anew, then kept from its second ask
    expect(store.lean(slot)).toBe(store.lean(slot));
    expect(store.put(venue(7, { name: "Renamed" }))).toBe(slot);
    expect(JSON.parse(`${store.lean(slot).head.toString()}"}`).name).toBe("Renamed");
  });
});
