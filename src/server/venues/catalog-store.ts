import type { StoredVenue } from "./queries";

/**
 * The venues of the catalog (catalog.ts) held compactly: a column per field (struct of arrays,
 * indexed by a slot number), not an object per venue. At 1,000,000 venues objects cost ~1,100
 * bytes each; these columns cost ~250 (bench/readmodel-memory.ts, docs/discovery.md):
 *
 * - numbers in typed arrays: id, latitude and longitude (Float64: the distances must agree with
 *   SQL's exactly), rating (NaN for none), review count;
 * - values many venues share, interned and stored as a small index: the category, the opening
 *   hours, the source and attribution, the detected vibes (a shared, frozen array) and the names
 *   of the vibe scores;
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

/** No score for this vibe. */
const NO_SCORE = 255;
/** review_count is null. */
const NULL_INT = -2147483648;
/** More vibe names than this (in scores) are kept aside with their venue's scores, as they are. */
const MAX_SCORE_COLUMNS = 64;
/** `keys` of a venue whose scores are kept aside, as they are (not whole hundredths, or null). */
const SCORES_ASIDE = 0;
/** Decoded venues kept (bounded: about 1 kB each). */
const DECODED_KEPT = 20_000;
/** Bit numbers given to vibe names as they are first seen: 30 fit in a small integer. */
export const MAX_VIBE_BITS = 30;

type Typed = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;
function grown<T extends Typed>(a: T, size: number, fill?: number): T {
  const next = new (a.constructor as new (n: number) => T)(size);
  next.set(a);
  if (fill !== undefined) next.fill(fill, a.length);
  return next;
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
}
const nullable = (s: string | null) => (s === null ? "n" : `s${s}`);

/** The detected vibes of some venues, and their bits (-1: a vibe without a bit; compare names). */
interface VibeList {
  vibes: readonly string[];
  mask: number;
}

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
  private keys = new Uint32Array(this.capacity);
  private source = new Uint16Array(this.capacity);
  private attribution = new Uint32Array(this.capacity);
  private textAt = new Uint32Array(this.capacity);
  private textLength = new Uint32Array(this.capacity);
  private readonly scores = new Map<string, Uint8Array>();
  private readonly aside = new Map<number, Record<string, number> | null>();

  private text = Buffer.alloc(1 << 20);
  private textTop = 0;
  private textGarbage = 0;

  readonly categories = new Interned<string>();
  readonly openingHours = new Interned<string | null>();
  readonly vibeLists = new Interned<VibeList>();
  private readonly keyLists = new Interned<readonly string[]>();
  private readonly sources = new Interned<string>();
  private readonly attributions = new Interned<string>();
  /** Bit numbers of vibe names (this store's own: a store read afresh gives them out again). */
  readonly vibeBits = new Map<string, number>();

  private readonly decoded = new Map<number, StoredVenue>();

  constructor() {
    this.keyLists.of("\u0000aside", () => []); // index 0: SCORES_ASIDE
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Stores a venue (replacing one of the same id); answers its slot. */
  put(venue: StoredVenue): number {
    this.delete(venue.id);
    const slot = this.free.pop() ?? this.top++;
    if (slot >= this.capacity) this.grow();
    this.slotOf.set(venue.id, slot);
    this.ids[slot] = venue.id;
    this.latitude[slot] = venue.latitude;
    this.longitude[slot] = venue.longitude;
    this.category[slot] = this.categories.of(venue.category, () => venue.category);
    this.rating[slot] = venue.rating ?? Number.NaN;
    this.reviews[slot] = venue.review_count ?? NULL_INT;
    this.hours[slot] = this.openingHours.of(nullable(venue.opening_hours), () => venue.opening_hours);
    const detected = venue.detected_vibes ?? [];
    this.vibes[slot] = this.vibeLists.of(detected.join("\u0000"), () => ({
      vibes: Object.freeze(detected.slice()),
      mask: this.maskOf(detected),
    }));
    this.source[slot] = this.sources.of(venue.source, () => venue.source);
    this.attribution[slot] = this.attributions.of(venue.attribution, () => venue.attribution);
    this.putScores(slot, venue.vibe_scores);
    const json = JSON.stringify([
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
    ]);
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
      source: this.sources.values[this.source[slot]],
      attribution: this.attributions.values[this.attribution[slot]],
      // VIBE members' ratings (reviews): as read, when the row had them
      ...(member_rating_sum !== null && { member_rating_sum }),
      ...(member_review_count !== null && { member_review_count }),
    };
    if (this.decoded.size >= DECODED_KEPT) this.decoded.delete(this.decoded.keys().next().value!);
    this.decoded.set(slot, venue);
    return venue;
  }

  ratingOf(slot: number): number | null {
    const r = this.rating[slot];
    return Number.isNaN(r) ? null : r;
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
  openingHoursOf(slot: number): string | null {
    return this.openingHours.values[this.hours[slot]];
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

  private scoresOf(slot: number): Record<string, number> | null {
    const k = this.keys[slot];
    if (k === SCORES_ASIDE) {
      const scores = this.aside.get(slot) ?? null;
      return scores && { ...scores };
    }
    const out: Record<string, number> = {};
    for (const name of this.keyLists.values[k]) out[name] = this.scores.get(name)![slot] / 100;
    return out;
  }

  private putScores(slot: number, scores: Record<string, number> | null | undefined) {
    for (const column of this.scores.values()) column[slot] = NO_SCORE;
    const names = scores ? Object.keys(scores) : null;
    const fits = (n: string) => quantisable(scores![n]) && (this.scores.has(n) || this.scores.size < MAX_SCORE_COLUMNS);
    if (names === null || !names.every(fits)) {
      this.keys[slot] = SCORES_ASIDE;
      this.aside.set(slot, scores ? { ...scores } : null);
      return;
    }
    this.keys[slot] = this.keyLists.of(names.join("\u0000"), () => Object.freeze(names.slice()));
    for (const name of names) {
      let column = this.scores.get(name);
      if (column === undefined) this.scores.set(name, (column = new Uint8Array(this.capacity).fill(NO_SCORE)));
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
    this.keys = grown(this.keys, size);
    this.source = grown(this.source, size);
    this.attribution = grown(this.attribution, size);
    this.textAt = grown(this.textAt, size);
    this.textLength = grown(this.textLength, size);
    for (const [name, column] of this.scores) this.scores.set(name, grown(column, size, NO_SCORE));
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
