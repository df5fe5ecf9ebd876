import type { LikelyVibe } from "../vibes/likely";
import { ratingOf, type StoredVenue } from "./queries";

/**
 * The venues of the catalog (catalog.ts) held compactly: a column per field (struct of arrays,
 * indexed by a slot number), not an object per venue. At 1,000,000 venues objects cost ~1,100
 * bytes each; these columns cost ~250 (bench/readmodel-memory.ts, docs/discovery.md):
 *
 * - numbers in typed arrays: id, latitude and longitude (Float64: the distances must agree with
 *   SQL's exactly), rating (NaN for none), review count;
 * - values many venues share, interned and stored as a small index: the category, the opening
 *   hours, the source and attribution, the detected vibes (a shared, frozen array), the likely
 *   vibes (vibes/likely.ts: names, weights and reasons, shared and frozen) and the names of the
 *   vibe scores;
 * - vibe scores quantised to a byte per vibe (hundredths, 0..100; 255 for no score), which is
 *   exact for what blend and the seed store (whole hundredths in 0..1); a venue with any other
 *   score keeps its scores as they are, aside (`exact`);
 * - the rest of the row (names, addresses, links, the hours lines, members' rating sum and count)
 *   as UTF-8 JSON in one buffer,
 *   decoded when a venue is answered (`venue(slot)`), the last DECODED_KEPT decoded kept, so a
 *   busy area's venues are decoded once and their answer bytes reused (venues/service.ts).
 *
 * What a search reads per venue (position, category, vibes, hours, scores) is read from the
 * columns without making an object.
 */

/**
 * A venue as the catalog's load reads it (STORE_ROW_SQL), without an object per venue: id,
 * category, latitude, longitude, rating, review_count, opening_hours, detected_vibes, vibe_scores,
 * likely_vibes, source, attribution, member_rating_sum, member_review_count, and the rest of the
 * row as the JSON text `venue(slot)` reads (external_id, name, description, address, image_url,
 * phone_number, website, hours, member_rating_sum, member_review_count), or that array.
 */
export type StoreRow = [
  id: number,
  category: string,
  latitude: number,
  longitude: number,
  rating: number | null,
  reviewCount: number | null,
  openingHours: string | null,
  detectedVibes: readonly string[] | null,
  scores: Record<string, number> | null,
  likelyVibes: readonly LikelyVibe[] | null,
  source: string,
  attribution: string,
  memberSum: number | null,
  memberCount: number | null,
  text: string | readonly unknown[],
];

/** A venue as a StoreRow: what STORE_ROW_SQL makes of its row (the store's tests, and their stand-in database). */
export function storeRowOf(venue: StoredVenue): StoreRow {
  return [
    venue.id,
    venue.category,
    venue.latitude,
    venue.longitude,
    venue.rating,
    venue.review_count,
    venue.opening_hours,
    venue.detected_vibes,
    venue.vibe_scores,
    venue.likely_vibes,
    venue.source,
    venue.attribution,
    venue.member_rating_sum ?? null,
    venue.member_review_count ?? null,
    [
      venue.external_id,
      venue.name,
      venue.description,
      venue.address,
      venue.image_url,
      venue.phone_number,
      venue.website,
      venue.hours,
      venue.member_rating_sum ?? null,
      venue.member_review_count ?? null,
    ],
  ];
}

/**
 * The SQL of StoreRow: a JSON array per venue of `v` (a venues row). The catalog's load asks for a
 * batch of these as one JSON text (json_agg), parsed at once (JSON.parse) rather than field by field
 * by the driver (its array and JSON parsers per row). The text comes as an array, made JSON text here:
 * PostgreSQL took twice as long to give it as text inside the JSON (bench/ready.ts).
 */
export const STORE_ROW_SQL = `json_build_array(v.id, v.category, v.latitude, v.longitude, v.rating, v.review_count,
  v.opening_hours, v.detected_vibes, v.vibe_scores, v.likely_vibes, v.source, v.attribution, v.member_rating_sum,
  v.member_review_count, json_build_array(v.external_id, v.name, v.description, v.address, v.image_url,
  v.phone_number, v.website, v.hours, v.member_rating_sum, v.member_review_count))`;

/** No score for this vibe. */
const NO_SCORE = 255;
export const NO_SCORE_BYTE = NO_SCORE;
/** review_count is null. */
const NULL_INT = -2147483648;
/** More vibe names than this (in scores) are kept aside with their venue's scores, as they are. */
const MAX_SCORE_COLUMNS = 64;
/** `keys` of a venue whose scores are kept aside, as they are (not whole hundredths, or null). */
const SCORES_ASIDE = 0;
/** Decoded venues kept (bounded: about 1 kB each). */
export const DECODED_KEPT = 20_000;
/** Bit numbers given to vibe names as they are first seen: 30 fit in a small integer. */
export const MAX_VIBE_BITS = 30;

type Typed = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;
/** A typed array of `size` holding `a`'s values first (the rest `fill`, else 0). */
export function grown<T extends Typed>(a: T, size: number, fill?: number): T {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  if (fill !== undefined) next.fill(fill, a.length);
  return next;
}

/** The last `size` slots put, oldest first out: `put` answers the slot it pushed out, or -1. */
class SlotRing {
  private readonly slots: Int32Array;
  private next = 0;
  constructor(size: number) {
    this.slots = new Int32Array(size).fill(-1);
  }
  put(slot: number): number {
    const out = this.slots[this.next];
    this.slots[this.next] = slot;
    this.next = (this.next + 1) % this.slots.length;
    return out;
  }
}

/**
 * Values made per slot (a decoded venue, its answer's bytes), kept when a slot is asked a second
 * time of late: the last `size` first asks are remembered (a Set of slots and a ring), at most
 * `size` values kept, the oldest kept dropped first. A value asked once is not kept, so it dies
 * young: kept at once, the venues of pages by nearness (Top Rated, whose ratings are rare), seldom
 * asked twice, outlived the young generation's collections, which copied them (4.2-5.1 ms a
 * scavenge at 1,000,000 venues against 3.0-3.3, issue 28). The rings, not a Map's first key: a Map
 * leaves its deleted entries in place until it is rebuilt, and keys().next() walks over every one
 * of them (tens of microseconds a venue once thousands had gone). A slot kept again after a change
 * is in the ring twice, and dropped when the older comes round: early, never wrong.
 */
class KeptOnSecondAsk<T> {
  private readonly kept = new Map<number, T>();
  private readonly keptOrder: SlotRing;
  private readonly seen = new Set<number>();
  private readonly seenOrder: SlotRing;
  constructor(size: number) {
    this.keptOrder = new SlotRing(size);
    this.seenOrder = new SlotRing(size);
  }
  get(slot: number): T | undefined {
    return this.kept.get(slot);
  }
  /** A value just made for `slot` (not kept): kept when the slot was asked once of late. */
  offer(slot: number, value: T) {
    if (!this.seen.has(slot)) {
      const forgotten = this.seenOrder.put(slot);
      if (forgotten >= 0) this.seen.delete(forgotten);
      this.seen.add(slot);
      return;
    }
    const oldest = this.keptOrder.put(slot);
    if (oldest >= 0) this.kept.delete(oldest);
    this.kept.set(slot, value);
  }
  /** The slot's venue changed or went: its value is not kept. */
  delete(slot: number) {
    this.kept.delete(slot);
  }
}

/** Values stored once, each named by its index. */
class Interned<T> {
  readonly values: T[] = [];
  private readonly index = new Map<string, number>();
  of(key: string, make: () => T): number {
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(make());
      this.index.set(key, i);
    }
    return i;
  }
  find(key: string): number | undefined {
    return this.index.get(key);
  }
  /** `of` for a value at hand (no function made per call: the load stores a million of them). */
  ofValue(key: string, value: T): number {
    const i = this.index.get(key);
    return i === undefined ? this.of(key, () => value) : i;
  }
}
const nullable = (s: string | null) => (s === null ? "n" : `s${s}`);

/** The detected vibes of some venues, and their bits (-1: a vibe without a bit; compare names). */
interface VibeList {
  vibes: readonly string[];
  mask: number;
}

/** The likely vibes of some venues (as stored), and their names and weights for a search. */
interface LikelyList {
  list: readonly LikelyVibe[];
  vibes: readonly string[];
  weights: readonly number[];
}
const NO_LIKELY: LikelyList = { list: Object.freeze([]), vibes: [], weights: [] };

/**
 * What a match reads of a venue besides its answer's bytes (its id, hours, scores and likely
 * vibes), and those bytes (VenueStore.headJson): a venue answered without decoding it (issue 28).
 */
export type LeanVenue = Readonly<Pick<StoredVenue, "id" | "opening_hours" | "vibe_scores" | "likely_vibes">>;
/** A venue lean (VenueStore.lean): shared while kept, so read it and do not change it. */
export interface Lean {
  readonly venue: LeanVenue;
  readonly head: Buffer;
}

/** The first values of a venue's text that headJson copies: external_id .. website (storeRowOf's order). */
const HEAD_TEXT_FIELDS = 7;

/** The JSON bytes of interned value i (`pick` of it), made once and kept in `json`. */
function jsonOf<T>(json: Buffer[], i: number, values: readonly T[], pick: (v: T) => unknown = (v) => v): Buffer {
  let bytes = json[i];
  if (bytes === undefined) json[i] = bytes = Buffer.from(JSON.stringify(pick(values[i])));
  return bytes;
}

/**
 * The bytes of a head as headJson writes them: one scratch buffer for every head (a head is
 * written to its end without waiting), grown as needed, its bytes copied out once. Short pieces are
 * copied a byte at a time: a native call (Buffer.write, Buffer.copy) costs more than the ~20 bytes
 * most pieces are.
 */
const head = {
  bytes: Buffer.allocUnsafe(4096),
  at: 0,
  room(n: number) {
    if (this.at + n <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.at + n));
    this.bytes.copy(grown, 0, 0, this.at);
    this.bytes = grown;
  },
  /** Bytes from..to - 1 of `b`. */
  put(b: Uint8Array, from = 0, to = b.length) {
    this.room(to - from);
    const out = this.bytes;
    if (to - from > 64) {
      out.set(b.subarray(from, to), this.at);
      this.at += to - from;
      return;
    }
    let at = this.at;
    for (let i = from; i < to; i++) out[at++] = b[i];
    this.at = at;
  },
  /** A string of ASCII alone (JSON keys and numbers: String(n) writes none but ASCII). */
  ascii(s: string) {
    this.room(s.length);
    const out = this.bytes;
    let at = this.at;
    for (let i = 0; i < s.length; i++) out[at++] = s.charCodeAt(i);
    this.at = at;
  },
  /** Any string, as UTF-8. */
  utf8(s: string) {
    this.room(3 * s.length);
    this.at += this.bytes.write(s, this.at);
  },
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.at);
    this.bytes.copy(out, 0, 0, this.at);
    this.at = 0;
    return out;
  },
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA_BYTE = 0x2c;
const CLOSE = 0x5d;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * Where the first `n` values of the JSON array text at `at` lie: value k from out[2k] to out[2k + 1]
 * (a string with its quotes, or a literal such as null). In UTF-8 the bytes of a quote and a
 * backslash are never part of another character, so a string ends at the first quote no backslash
 * escapes. The values read are strings and nulls (nested arrays and objects are not looked into).
 */
function scanArray(text: Buffer, at: number, n: number, out: Int32Array) {
  let i = at + 1; // past "["
  for (let k = 0; k < n; k++) {
    while (isSpace(text[i])) i++;
    const start = i;
    if (text[i] === QUOTE) {
      for (i++; text[i] !== QUOTE; i++) if (text[i] === BACKSLASH) i++;
      i++;
    } else while (text[i] !== COMMA_BYTE && text[i] !== CLOSE && !isSpace(text[i])) i++;
    out[2 * k] = start;
    out[2 * k + 1] = i;
    while (isSpace(text[i])) i++;
    i++; // past ","
  }
}

/** A list of score names, each name's column in scoreList and "name": in JSON, and an object of its names. */
interface KeyList {
  names: readonly string[];
  columns: Int32Array;
  keysJson: Buffer[];
  template: Record<string, number>;
}
/** A score byte's number in JSON (hundredths: byte / 100, as JSON.stringify writes it). */
const SCORE_JSON = Array.from({ length: 256 }, (_, b) => Buffer.from(JSON.stringify(b / 100)));
/** The head's keys and punctuation as bytes (headJson). */
const KEY_NAME = Buffer.from(',"name":');
const KEY_CATEGORY = Buffer.from(',"category":');
const KEY_DESCRIPTION = Buffer.from(',"description":');
const KEY_ADDRESS = Buffer.from(',"address":');
const KEY_IMAGE_URL = Buffer.from(',"imageUrl":');
const KEY_RATING_SOURCE = Buffer.from(',"ratingSource":');
const KEY_PHONE_NUMBER = Buffer.from(',"phoneNumber":');
const KEY_WEBSITE = Buffer.from(',"website":');
const KEY_DETECTED_VIBES = Buffer.from(',"detectedVibes":');
const KEY_VIBE_SCORES = Buffer.from(',"vibeScores":');
const KEY_SOURCE = Buffer.from(',"source":');
const KEY_ATTRIBUTION = Buffer.from(',"attribution":');
const KEY_DISTANCE = Buffer.from(',"distance":"');
const NULL_JSON = Buffer.from("null");
/** The rating's fields of a venue without a rating of its own or its members' (ratingOf's answer for it). */
const RATED_BY_NOBODY = Buffer.from(',"rating":null,"reviewCount":null,"ratingSource":null');
const OPEN_BRACE = Buffer.from("{");
const CLOSE_BRACE = Buffer.from("}");
const COMMA_JSON = Buffer.from(",");
/** A number (or null) as JSON.stringify writes it, without its generic work (String of a finite number). */
const numberJson = (n: number | null) => (n !== null && Number.isFinite(n) ? String(n) : "null");

/** Whole hundredths in 0..1 (what the byte of a score holds exactly). */
const quantisable = (v: unknown): v is number =>
  typeof v === "number" && v >= 0 && v <= 1 && Math.round(v * 100) / 100 === v;

export class VenueStore {
  private capacity = 1024;
  /** Slots ever used; freed ones are reused first. */
  private top = 0;
  private readonly free: number[] = [];
  readonly slotOf = new Map<number, number>();

  ids = new Int32Array(this.capacity);
  latitude = new Float64Array(this.capacity);
  longitude = new Float64Array(this.capacity);
  category = new Uint16Array(this.capacity);
  private rating = new Float64Array(this.capacity);
  private reviews = new Int32Array(this.capacity);
  hours = new Uint32Array(this.capacity);
  vibes = new Uint32Array(this.capacity);
  private likely = new Uint32Array(this.capacity);
  private keys = new Uint32Array(this.capacity);
  private source = new Uint16Array(this.capacity);
  private attribution = new Uint32Array(this.capacity);
  private textAt = new Uint32Array(this.capacity);
  private textLength = new Uint32Array(this.capacity);
  private readonly scores = new Map<string, Uint8Array>();
  /** The same columns in the order their names were first seen (scoreColumns' order). */
  private scoreList: Uint8Array[] = [];
  private readonly aside = new Map<number, Record<string, number> | null>();

  private text = Buffer.alloc(1 << 20);
  private textTop = 0;
  private textGarbage = 0;

  readonly categories = new Interned<string>();
  readonly openingHours = new Interned<string | null>();
  readonly vibeLists = new Interned<VibeList>();
  private readonly likelyLists = new Interned<LikelyList>();
  private readonly keyLists = new Interned<readonly string[]>();
  /** Per list of score names (keyLists), what scoresOf and scoresJson read of it: made when first read. */
  private readonly keyListInfo: (KeyList | undefined)[] = [];
  private readonly sources = new Interned<string>();
  private readonly attributions = new Interned<string>();
  /** Bit numbers of vibe names (this store's own: a store read afresh gives them out again). */
  readonly vibeBits = new Map<string, number>();

  /** Decoded venues (venue()), kept on their second decode of late. */
  private readonly decoded = new KeptOnSecondAsk<StoredVenue>(DECODED_KEPT);
  /** Lean venues and their answer bytes (lean()), kept on their second ask of late. */
  private readonly leans = new KeptOnSecondAsk<Lean>(DECODED_KEPT);
  /** JSON of interned values, by index, made on first use: a category, a source, an attribution, a vibe list. */
  private readonly categoryJson: Buffer[] = [];
  private readonly sourceJson: Buffer[] = [];
  private readonly attributionJson: Buffer[] = [];
  private readonly vibeListJson: Buffer[] = [];
  /** Where headJson found the text's values: start and end byte of each, in turn. */
  private readonly tokens = new Int32Array(2 * HEAD_TEXT_FIELDS);
  /** VIBE members' rating sum and count by slot, for the few venues that have any (a ranking by rating reads it). */
  private readonly memberRatings = new Map<number, { sum: number; count: number }>();

  constructor() {
    this.keyLists.of("\u0000aside", () => []); // index 0: SCORES_ASIDE
    this.likelyLists.of("[]", () => NO_LIKELY); // index 0: none
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Stores a venue (replacing one of the same id); answers its slot. */
  put(venue: StoredVenue): number {
    return this.putRow(storeRowOf(venue));
  }

  /**
   * Stores a venue given as a row of the catalog's load (STORE_ROW_SQL: its fields in order, the
   * text already as JSON); answers its slot. No object is made for the venue.
   */
  putRow(row: StoreRow): number {
    const [
      id,
      category,
      latitude,
      longitude,
      rating,
      reviewCount,
      openingHours,
      detectedVibes,
      scores,
      likelyVibes,
      source,
      attribution,
      memberSum,
      memberCount,
      text,
    ] = row;
    const json = typeof text === "string" ? text : JSON.stringify(text);
    this.delete(id);
    const slot = this.free.pop() ?? this.top++;
    if (slot >= this.capacity) this.grow();
    this.slotOf.set(id, slot);
    this.ids[slot] = id;
    this.latitude[slot] = latitude;
    this.longitude[slot] = longitude;
    this.category[slot] = this.categories.ofValue(category, category);
    this.rating[slot] = rating ?? Number.NaN;
    this.reviews[slot] = reviewCount ?? NULL_INT;
    this.hours[slot] = this.openingHours.ofValue(nullable(openingHours), openingHours);
    const detected = detectedVibes ?? [];
    const vibesKey = detected.join("\u0000");
    this.vibes[slot] =
      this.vibeLists.find(vibesKey) ??
      this.vibeLists.of(vibesKey, () => ({ vibes: Object.freeze(detected.slice()), mask: this.maskOf(detected) }));
    const likely = likelyVibes ?? [];
    this.likely[slot] = likely.length
      ? this.likelyLists.of(JSON.stringify(likely), () => ({
          list: Object.freeze(
            likely.map((l) => Object.freeze({ ...l, reasons: Object.freeze([...l.reasons]) as string[] })),
          ),
          vibes: likely.map((l) => l.vibe),
          weights: likely.map((l) => l.weight),
        }))
      : 0;
    this.source[slot] = this.sources.ofValue(source, source);
    this.attribution[slot] = this.attributions.ofValue(attribution, attribution);
    this.putScores(slot, scores);
    const count = Number(memberCount ?? 0);
    if (count > 0) this.memberRatings.set(slot, { sum: Number(memberSum ?? 0), count });
    const length = Buffer.byteLength(json);
    if (this.textTop + length > this.text.length) this.makeRoom(length);
    this.text.write(json, this.textTop, "utf8");
    this.textAt[slot] = this.textTop;
    this.textLength[slot] = length;
    this.textTop += length;
    return slot;
  }

  /** Forgets the venue of this id, if held; answers its slot (or undefined). */
  delete(id: number): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.slotOf.delete(id);
    this.textGarbage += this.textLength[slot];
    this.aside.delete(slot);
    this.decoded.delete(slot);
    this.leans.delete(slot);
    this.memberRatings.delete(slot);
    this.free.push(slot);
    return slot;
  }

  /** The venue of a slot as the catalog answers it. */
  venue(slot: number): StoredVenue {
    const kept = this.decoded.get(slot);
    if (kept) return kept;
    const at = this.textAt[slot];
    const [
      external_id,
      name,
      description,
      address,
      image_url,
      phone_number,
      website,
      hours,
      member_rating_sum,
      member_review_count,
    ] = JSON.parse(this.text.toString("utf8", at, at + this.textLength[slot]));
    const venue: StoredVenue = {
      id: this.ids[slot],
      external_id,
      name,
      category: this.categories.values[this.category[slot]] as StoredVenue["category"],
      description,
      address,
      latitude: this.latitude[slot],
      longitude: this.longitude[slot],
      image_url,
      rating: this.ratingOf(slot),
      review_count: this.reviewCountOf(slot),
      phone_number,
      website,
      hours,
      opening_hours: this.openingHours.values[this.hours[slot]],
      detected_vibes: this.vibeLists.values[this.vibes[slot]].vibes as string[],
      vibe_scores: this.scoresOf(slot) as Record<string, number>,
      likely_vibes: this.likelyVibesOf(slot),
      source: this.sources.values[this.source[slot]],
      attribution: this.attributions.values[this.attribution[slot]],
      // VIBE members' ratings (reviews): as read, when the row had them
      ...(member_rating_sum !== null && { member_rating_sum }),
      ...(member_review_count !== null && { member_review_count }),
    };
    this.decoded.offer(slot, venue);
    return venue;
  }

  /**
   * The venue lean (Lean: the few fields a match reads, and its answer's bytes, headJson), without
   * decoding it; kept for a venue asked twice of late, as venue() keeps its object.
   */
  lean(slot: number): Lean {
    const kept = this.leans.get(slot);
    if (kept) return kept;
    const lean: Lean = {
      venue: {
        id: this.ids[slot],
        opening_hours: this.openingHoursOf(slot),
        vibe_scores: this.scoresOf(slot) as StoredVenue["vibe_scores"],
        likely_vibes: this.likelyVibesOf(slot),
      },
      head: this.headJson(slot),
    };
    this.leans.offer(slot, lean);
    return lean;
  }

  /**
   * The venue's fields that do not depend on a request, as the API's Venue JSON writes them
   * (queries.ts presentStoredVenue: its fields in its order, without distance, latestUpdate,
   * isFavorite, matchScore and openStatus), left open for those: `{"id":…,"attribution":"…","distance":"`.
   * Made from the columns and the stored text's own JSON (its strings copied as they are, not
   * decoded and encoded again) without an object for the venue. The same bytes as JSON.stringify
   * of presentStoredVenue's fields (catalog-store.test.ts).
   */
  headJson(slot: number): Buffer {
    const t = this.tokens;
    const text = this.text;
    scanArray(text, this.textAt[slot], HEAD_TEXT_FIELDS, t);
    const member = this.memberRatings.get(slot);
    // a venue nobody rated (most of them) reads as RATED_BY_NOBODY: ratingOf's answer then, without asking it
    const rated =
      member === undefined && Number.isNaN(this.rating[slot])
        ? null
        : ratingOf({
            rating: this.ratingOf(slot),
            review_count: this.reviewCountOf(slot),
            source: this.sources.values[this.source[slot]],
            attribution: this.attributions.values[this.attribution[slot]],
            member_rating_sum: member?.sum,
            member_review_count: member?.count,
          });
    // each key, then the text's value k (external_id, name, description, address, image_url,
    // phone_number, website: the order storeRowOf writes them, presentStoredVenue's order too)
    head.ascii(`{"id":${this.ids[slot]},"externalId":`);
    head.put(text, t[0], t[1]);
    head.put(KEY_NAME);
    head.put(text, t[2], t[3]);
    head.put(KEY_CATEGORY);
    head.put(jsonOf(this.categoryJson, this.category[slot], this.categories.values));
    head.put(KEY_DESCRIPTION);
    head.put(text, t[4], t[5]);
    head.put(KEY_ADDRESS);
    head.put(text, t[6], t[7]);
    head.ascii(`,"latitude":${numberJson(this.latitude[slot])},"longitude":${numberJson(this.longitude[slot])}`);
    head.put(KEY_IMAGE_URL);
    head.put(text, t[8], t[9]);
    if (rated === null) head.put(RATED_BY_NOBODY);
    else {
      head.ascii(`,"rating":${numberJson(rated.rating)},"reviewCount":${numberJson(rated.reviewCount)}`);
      head.put(KEY_RATING_SOURCE);
      if (rated.ratingSource === null) head.put(NULL_JSON);
      else head.utf8(JSON.stringify(rated.ratingSource));
    }
    head.put(KEY_PHONE_NUMBER);
    head.put(text, t[10], t[11]);
    head.put(KEY_WEBSITE);
    head.put(text, t[12], t[13]);
    head.put(KEY_DETECTED_VIBES);
    head.put(jsonOf(this.vibeListJson, this.vibes[slot], this.vibeLists.values, (l) => l.vibes));
    head.put(KEY_VIBE_SCORES);
    this.scoresJson(slot);
    head.put(KEY_SOURCE);
    head.put(jsonOf(this.sourceJson, this.source[slot], this.sources.values));
    head.put(KEY_ATTRIBUTION);
    head.put(jsonOf(this.attributionJson, this.attribution[slot], this.attributions.values));
    head.put(KEY_DISTANCE);
    return head.take();
  }

  ratingOf(slot: number): number | null {
    const r = this.rating[slot];
    return Number.isNaN(r) ? null : r;
  }
  /** VIBE members' ratings of the venue (sum and count), or null when it has none. */
  memberRatingOf(slot: number): { sum: number; count: number } | null {
    return this.memberRatings.get(slot) ?? null;
  }
  reviewCountOf(slot: number): number | null {
    const n = this.reviews[slot];
    return n === NULL_INT ? null : n;
  }
  detectedVibesOf(slot: number): readonly string[] {
    return this.vibeLists.values[this.vibes[slot]].vibes;
  }
  /** One bit per detected vibe; -1 when a vibe has no bit and names must be compared. */
  vibeMaskOf(slot: number): number {
    return this.vibeLists.values[this.vibes[slot]].mask;
  }
  /**
   * The heaviest weight among the venue's likely vibes that are in `vibes` (vibes/likely.ts), or 0
   * when none of them is likely for it.
   */
  /** Whether the venue has any likely vibe (vibes/likely.ts). */
  hasLikely(slot: number): boolean {
    return this.likely[slot] !== 0;
  }
  likelyWeightOf(slot: number, vibes: readonly string[]): number {
    const l = this.likelyLists.values[this.likely[slot]];
    let best = 0;
    for (let i = 0; i < l.vibes.length; i++) if (l.weights[i] > best && vibes.includes(l.vibes[i])) best = l.weights[i];
    return best;
  }
  /** The venue's likely vibes as stored (shared and frozen). */
  likelyVibesOf(slot: number): LikelyVibe[] {
    return this.likelyLists.values[this.likely[slot]].list as LikelyVibe[];
  }
  openingHoursOf(slot: number): string | null {
    return this.openingHours.values[this.hours[slot]];
  }

  /**
   * The score columns: per vibe name, a byte per slot (hundredths 0..100; NO_SCORE_BYTE for none).
   * A venue whose scores are kept aside (`scoresAside`) has no byte of its own in them.
   */
  scoreColumns(): ReadonlyMap<string, Uint8Array> {
    return this.scores;
  }
  /** The k-th of scoreColumns(), in its order. */
  scoreColumn(k: number): Uint8Array {
    return this.scoreList[k];
  }
  /** Whether the venue's scores are kept aside, as they are (not whole hundredths, or none at all). */
  scoresAside(slot: number): boolean {
    return this.keys[slot] === SCORES_ASIDE;
  }

  /** The venue's stored score for a vibe, or undefined when it has none. */
  scoreOf(slot: number, vibe: string): number | undefined {
    if (this.keys[slot] === SCORES_ASIDE) {
      const scores = this.aside.get(slot);
      return scores ? scores[vibe] : undefined;
    }
    const column = this.scores.get(vibe);
    if (column === undefined) return undefined;
    const code = column[slot];
    return code === NO_SCORE ? undefined : code / 100;
  }

  /** The venue's vibe scores as stored (a new object), or null when it has none. */
  scoresOf(slot: number): Record<string, number> | null {
    const k = this.keys[slot];
    if (k === SCORES_ASIDE) {
      const scores = this.aside.get(slot) ?? null;
      return scores && { ...scores };
    }
    const { names, columns, template } = this.keyListOf(k);
    // a copy of the list's own object (one shape for all its venues), its values then set
    const out = { ...template };
    for (let i = 0; i < names.length; i++) out[names[i]] = this.scoreList[columns[i]][slot] / 100;
    return out;
  }

  /** JSON.stringify of scoresOf (or {} for none), written from the bytes without the object into the head. */
  private scoresJson(slot: number) {
    const k = this.keys[slot];
    if (k === SCORES_ASIDE) {
      head.utf8(JSON.stringify(this.aside.get(slot) ?? {}));
      return;
    }
    const { columns, keysJson } = this.keyListOf(k);
    head.put(OPEN_BRACE);
    for (let i = 0; i < columns.length; i++) {
      if (i) head.put(COMMA_JSON);
      head.put(keysJson[i]);
      head.put(SCORE_JSON[this.scoreList[columns[i]][slot]]);
    }
    head.put(CLOSE_BRACE);
  }

  /** A list of score names (keyLists' k-th) and, made when first read, each name's column, key JSON and a template. */
  private keyListOf(k: number): KeyList {
    let list = this.keyListInfo[k];
    if (list === undefined) {
      const names = this.keyLists.values[k];
      this.keyListInfo[k] = list = {
        names,
        columns: Int32Array.from(names, (name) => this.scoreList.indexOf(this.scores.get(name)!)),
        keysJson: names.map((name) => Buffer.from(`${JSON.stringify(name)}:`)),
        template: Object.fromEntries(names.map((name) => [name, 0])),
      };
    }
    return list;
  }

  private putScores(slot: number, scores: Record<string, number> | null | undefined) {
    for (const column of this.scoreList) column[slot] = NO_SCORE;
    const names = scores ? Object.keys(scores) : null;
    let fits = names !== null;
    for (let i = 0; fits && i < names!.length; i++) {
      const n = names![i];
      fits = quantisable(scores![n]) && (this.scores.has(n) || this.scores.size < MAX_SCORE_COLUMNS);
    }
    if (!fits) {
      this.keys[slot] = SCORES_ASIDE;
      this.aside.set(slot, scores ? { ...scores } : null);
      return;
    }
    const key = names!.join("\u0000");
    this.keys[slot] = this.keyLists.find(key) ?? this.keyLists.of(key, () => Object.freeze(names!.slice()));
    for (const name of names!) {
      let column = this.scores.get(name);
      if (column === undefined) {
        this.scores.set(name, (column = new Uint8Array(this.capacity).fill(NO_SCORE)));
        this.scoreList.push(column);
      }
      column[slot] = Math.round(scores![name] * 100);
    }
  }

  private maskOf(vibes: readonly string[]): number {
    let mask = 0;
    for (const v of vibes) {
      let bit = this.vibeBits.get(v);
      if (bit === undefined && this.vibeBits.size < MAX_VIBE_BITS) this.vibeBits.set(v, (bit = this.vibeBits.size));
      if (bit === undefined) return -1;
      mask |= 1 << bit;
    }
    return mask;
  }

  private grow() {
    const size = this.capacity * 2;
    this.ids = grown(this.ids, size);
    this.latitude = grown(this.latitude, size);
    this.longitude = grown(this.longitude, size);
    this.category = grown(this.category, size);
    this.rating = grown(this.rating, size);
    this.reviews = grown(this.reviews, size);
    this.hours = grown(this.hours, size);
    this.vibes = grown(this.vibes, size);
    this.likely = grown(this.likely, size);
    this.keys = grown(this.keys, size);
    this.source = grown(this.source, size);
    this.attribution = grown(this.attribution, size);
    this.textAt = grown(this.textAt, size);
    this.textLength = grown(this.textLength, size);
    for (const [name, column] of this.scores) this.scores.set(name, grown(column, size, NO_SCORE));
    this.scoreList = [...this.scores.values()];
    this.capacity = size;
  }

  /** Room for `length` more bytes of text: the live text copied together, in a larger buffer if need be. */
  private makeRoom(length: number) {
    const live = this.textTop - this.textGarbage;
    let size = this.text.length;
    while (live + length > size / 2) size *= 2;
    const next = Buffer.alloc(size);
    let top = 0;
    for (const slot of this.slotOf.values()) {
      const at = this.textAt[slot];
      const n = this.textLength[slot];
      this.text.copy(next, top, at, at + n);
      this.textAt[slot] = top;
      top += n;
    }
    this.text = next;
    this.textTop = top;
    this.textGarbage = 0;
  }
}
