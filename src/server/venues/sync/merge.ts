// Venue sync, merge (index.ts has the rules): one venue row from the records of a place, and whether it changed.
import { ATTRIBUTION } from "@shared/vocabulary";
import { blendVibes, type BlendResult, type VenueText, type VenueTextAnalyzer, type VibeVote } from "../../vibes/blend";
import type { VibeAnalysis } from "../../vibes/types";
import { venuePhotoReads } from "../sync-photos";
import type { VenueColumns } from "../queries";
import type { SourceId, SourcePhoto, SourcePlace, SourceReview } from "../../providers/venue-source";
import { GOOGLE_ATTRIBUTION } from "../../providers/google-places";
import { permitCodes, permitsFor } from "../permits";

// ---------------------------------------------------------------------------------------------
// Merged fields

/** An OSM opening_hours value as stored: whitespace tidied, at most 500 characters (null: none). */
const cleanOpeningHours = (v: string | undefined) => {
  const t = v?.replace(/\s+/g, " ").trim();
  return t ? t.slice(0, 500) : null;
};

/** The attribution lines sync adds; anything else in a stored attribution is the row's own. */
const SOURCE_ATTRIBUTIONS = [ATTRIBUTION.osm, GOOGLE_ATTRIBUTION];

export const IDENTITY_ORDER: readonly SourceId[] = ["osm", "google"];
const DETAIL_ORDER: readonly SourceId[] = ["google", "osm"];

function pick<T>(
  places: readonly SourcePlace[],
  order: readonly SourceId[],
  get: (p: SourcePlace) => T | null | undefined,
  empty = (v: T) => v === null || v === undefined,
): T | null {
  for (const id of order) {
    for (const p of places) {
      if (p.source !== id) continue;
      const v = get(p);
      if (v !== null && v !== undefined && !empty(v)) return v;
    }
  }
  return null;
}

/** A venue row's fields as sync writes them (column names of 001_init.sql and 006). */
export interface VenueFields extends VenueColumns {
  vibe_evidence: BlendResult["evidence"];
  vibe_method: string;
}

/**
 * The stored venue a sync merges into (the catalog's StoredVenue of venues/queries.ts plus how its vibes were made).
 */
export interface ExistingVenue extends Omit<VenueFields, "vibe_method"> {
  id: number;
  external_id: string;
  source: string;
  vibe_method: string | null;
}

/**
 * The venue's fields from all its places (see the header for which source wins which field),
 * falling back to the stored row, and its blended vibes: every signal, VIBE's people's reviews
 * (`memberTexts`), their counted vibe votes (`votes`) and the stored photo analyses included, so that
 * a sync, a review change and a vote make the same blend.
 */
export function mergeVenue(
  places: readonly SourcePlace[],
  stored: ExistingVenue | null,
  analyze?: VenueTextAnalyzer,
  photoReads?: ReadonlyMap<string, VibeAnalysis>,
  memberTexts: readonly VenueText[] = [],
  now = new Date(),
  votes: readonly VibeVote[] = [],
): VenueFields {
  const text = (v: string | null) => v === null || v.trim() === "";
  const name = pick(places, IDENTITY_ORDER, (p) => p.name, text) ?? stored!.name;
  const category = pick(places, IDENTITY_ORDER, (p) => p.category) ?? stored!.category;
  const position = pick(places, IDENTITY_ORDER, (p) => ({ latitude: p.latitude, longitude: p.longitude }));
  const description = pick(places, DETAIL_ORDER, (p) => p.description, text) ?? stored?.description ?? null;
  const reviews = places.flatMap((p) => p.reviews);
  const osmTags = places.find((p) => p.osmTags)?.osmTags ?? null;
  const google = places.find((p) => p.google)?.google ?? null;
  const texts: VenueText[] = analyze
    ? [
        ...(description ? [{ text: description, source: "description" as const }] : []),
        ...reviews.filter((r) => !!r.text).map((r) => ({ text: r.text, source: "review" as const, time: r.time })),
        ...memberTexts,
      ]
    : [];
  const photos = photoReads ? venuePhotoReads(places, photoReads) : [];
  const address = pick(places, DETAIL_ORDER, (p) => p.address, text) ?? stored?.address ?? null;
  const latitude = position?.latitude ?? stored!.latitude;
  const longitude = position?.longitude ?? stored!.longitude;
  const permits = permitCodes(permitsFor({ name, address, latitude, longitude }));
  const blend = blendVibes({
    category,
    name,
    osmTags,
    google,
    permits,
    texts,
    textAnalyzer: analyze,
    photos,
    votes,
    now,
  });

  // Attribution: the stored row's own line when it came from elsewhere (the seed), then each source's.
  const lines: string[] = [];
  if (stored && stored.source !== "osm" && stored.source !== "google") {
    let own = stored.attribution;
    for (const line of SOURCE_ATTRIBUTIONS) own = own.split(line).join("");
    own = own.replace(/\s+/g, " ").trim();
    if (own) lines.push(own);
  }
  for (const id of IDENTITY_ORDER) {
    const p = places.find((x) => x.source === id);
    if (p && !lines.includes(p.attribution)) lines.push(p.attribution);
  }
  return {
    name,
    category,
    description,
    address,
    latitude,
    longitude,
    image_url: pick(places, DETAIL_ORDER, (p) => p.imageUrl, text) ?? stored?.image_url ?? null,
    rating: pick(places, DETAIL_ORDER, (p) => p.rating) ?? stored?.rating ?? null,
    review_count: pick(places, DETAIL_ORDER, (p) => p.reviewCount) ?? stored?.review_count ?? null,
    phone_number: pick(places, DETAIL_ORDER, (p) => p.phone, text) ?? stored?.phone_number ?? null,
    website: pick(places, DETAIL_ORDER, (p) => p.website, text) ?? stored?.website ?? null,
    hours:
      pick(
        places,
        DETAIL_ORDER,
        (p) => p.hours,
        (h) => h.length === 0,
      ) ??
      stored?.hours ??
      [],
    opening_hours:
      pick(places, IDENTITY_ORDER, (p) => cleanOpeningHours(p.osmTags?.opening_hours), text) ??
      stored?.opening_hours ??
      null,
    detected_vibes: blend.detectedVibes,
    vibe_scores: blend.vibeScores,
    likely_vibes: blend.likely,
    vibe_evidence: blend.evidence,
    vibe_method: blend.method,
    attribution: lines.join(" ") || stored?.attribution || ATTRIBUTION.osm,
  };
}

// ---------------------------------------------------------------------------------------------
// Comparing with what is stored

/** JSON with object keys sorted, so that jsonb's reordering does not read as a change. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v ?? null);
  // (loops rather than map/filter/join: a sync compares tens of thousands of records with this)
  if (Array.isArray(v)) {
    let out = "[";
    for (let i = 0; i < v.length; i++) out += (i ? "," : "") + canonicalJson(v[i]);
    return `${out}]`;
  }
  const o = v as Record<string, unknown>;
  let out = "{";
  let first = true;
  for (const k of Object.keys(o).sort()) {
    const x = o[k];
    if (x === undefined) continue;
    out += `${first ? "" : ","}${JSON.stringify(k)}:${canonicalJson(x)}`;
    first = false;
  }
  return `${out}}`;
}

// rating and review ratings are `real` (float4): compare at that precision.
const sameReal = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.fround(a) === Math.fround(b);

export function fieldsChanged(next: VenueFields, stored: ExistingVenue): boolean {
  return (
    next.name !== stored.name ||
    next.category !== stored.category ||
    next.description !== stored.description ||
    next.address !== stored.address ||
    next.latitude !== stored.latitude ||
    next.longitude !== stored.longitude ||
    next.image_url !== stored.image_url ||
    !sameReal(next.rating, stored.rating) ||
    next.review_count !== stored.review_count ||
    next.phone_number !== stored.phone_number ||
    next.website !== stored.website ||
    next.attribution !== stored.attribution ||
    next.vibe_method !== stored.vibe_method ||
    canonicalJson(next.hours) !== canonicalJson(stored.hours ?? []) ||
    next.opening_hours !== (stored.opening_hours ?? null) ||
    canonicalJson(next.detected_vibes) !== canonicalJson(stored.detected_vibes ?? []) ||
    canonicalJson(next.vibe_scores) !== canonicalJson(stored.vibe_scores ?? {}) ||
    canonicalJson(next.likely_vibes) !== canonicalJson(stored.likely_vibes ?? []) ||
    canonicalJson(next.vibe_evidence) !== canonicalJson(stored.vibe_evidence ?? {})
  );
}

export interface StoredReview {
  venue_id: number;
  source: string;
  author: string;
  rating: number | null;
  text: string;
  time: Date | string | null;
}
export interface StoredPhoto {
  venue_id: number;
  source: string;
  url: string;
  attribution: string | null;
}

const isoOrNull = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());
export const sameReviews = (a: readonly SourceReview[], b: readonly StoredReview[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.author === b[i].author &&
      r.text === b[i].text &&
      sameReal(r.rating, b[i].rating) &&
      r.time === isoOrNull(b[i].time),
  );
/** Photos compare as sets: an upsert keeps the rows (and order) of the URLs that stay. */
export const samePhotos = (a: readonly SourcePhoto[], b: readonly StoredPhoto[]) => {
  const key = (list: readonly { url: string; attribution: string | null }[]) =>
    canonicalJson(
      [...new Map(list.map((p) => [p.url, p.attribution])).entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  return key(a) === key(b);
};
