/**
 * Google Places API (New): POST /v1/places:searchNearby with an API key and a field mask.
 *
 * searchNearby answers at most 20 places and has no next page, so one call cannot list a busy
 * area. The sweep asks for the whole circle first; when an answer is full (20, "saturated") it
 * covers that circle with 7 circles of about half its radius (one in the middle, six around it at
 * r*sqrt(3)/2: the classic covering of a disk by seven half-size disks) and asks each, breadth
 * first, down to a minimum radius and up to a cap on calls. Places are de-duplicated by id and
 * kept only when inside the circle asked for. See docs/venue-sync.md.
 */
import type { VenueCategory } from "@shared/vocabulary";
import { haversineMeters } from "../db/earth";
import type { GooglePlaceAttributes } from "../vibes/types";
import {
  cleanText,
  fetchJson,
  safeHttpUrl,
  SourceError,
  validLatLng,
  type FetchPolicy,
  type SourcePlace,
  type SourceReview,
  type VenueSource,
} from "./venue-source";

export const GOOGLE_PLACES_DEFAULT_URL = "https://places.googleapis.com";
export const GOOGLE_ATTRIBUTION = "Place data (c) Google";
/** searchNearby's largest page. */
export const GOOGLE_PAGE_SIZE = 20;

/** Fields asked for (billing follows the most expensive field: reviews and attributes are Enterprise + Atmosphere). */
export const GOOGLE_FIELDS = [
  "places.id",
  "places.displayName",
  "places.formattedAddress",
  "places.location",
  "places.types",
  "places.primaryType",
  "places.businessStatus",
  "places.rating",
  "places.userRatingCount",
  "places.nationalPhoneNumber",
  "places.websiteUri",
  "places.regularOpeningHours.weekdayDescriptions",
  "places.editorialSummary",
  "places.priceLevel",
  "places.liveMusic",
  "places.goodForGroups",
  "places.goodForWatchingSports",
  "places.servesCocktails",
  "places.servesWine",
  "places.servesBeer",
  "places.servesCoffee",
  "places.outdoorSeating",
  "places.reservable",
  "places.allowsDogs",
  "places.goodForChildren",
  "places.reviews",
  "places.photos",
] as const;
export const GOOGLE_FIELD_MASK = GOOGLE_FIELDS.join(",");

/** Place types asked for (Table A); a place matching any of them is returned. */
export const GOOGLE_INCLUDED_TYPES = [
  "bar",
  "pub",
  "wine_bar",
  "night_club",
  "cafe",
  "coffee_shop",
  "tea_house",
  "bakery",
  "restaurant",
] as const;

const TYPE_CATEGORY: Readonly<Record<string, VenueCategory>> = {
  night_club: "Club",
  bar: "Bar",
  pub: "Bar",
  wine_bar: "Bar",
  cafe: "Cafe",
  coffee_shop: "Cafe",
  tea_house: "Cafe",
  bakery: "Cafe",
  restaurant: "Restaurant",
};
const typeCategory = (t: string): VenueCategory | null =>
  TYPE_CATEGORY[t] ?? (/^[a-z_]+_restaurant$/.test(t) ? "Restaurant" : null);
const PRIORITY: readonly VenueCategory[] = ["Club", "Bar", "Cafe", "Restaurant"];

/** The primary type decides when it is a venue type; otherwise the types, Club > Bar > Cafe > Restaurant. */
export function googleCategory(
  primaryType: string | undefined,
  types: readonly string[] | undefined,
): VenueCategory | null {
  const primary = primaryType ? typeCategory(primaryType) : null;
  if (primary) return primary;
  const found = new Set((types ?? []).map(typeCategory).filter((c): c is VenueCategory => !!c));
  return PRIORITY.find((c) => found.has(c)) ?? null;
}

interface LocalizedText {
  text?: string;
  languageCode?: string;
}
interface AuthorAttribution {
  displayName?: string;
  uri?: string;
  photoUri?: string;
}
export interface GoogleReview {
  name?: string;
  relativePublishTimeDescription?: string;
  rating?: number;
  text?: LocalizedText;
  originalText?: LocalizedText;
  authorAttribution?: AuthorAttribution;
  publishTime?: string;
}
export interface GooglePhoto {
  name?: string;
  widthPx?: number;
  heightPx?: number;
  authorAttributions?: AuthorAttribution[];
}
/** A Place of the Places API (New), as far as the field mask asks. */
export interface GooglePlace extends GooglePlaceAttributes {
  id: string;
  displayName?: LocalizedText;
  formattedAddress?: string;
  location?: { latitude: number; longitude: number };
  types?: string[];
  primaryType?: string;
  businessStatus?: string;
  rating?: number;
  userRatingCount?: number;
  nationalPhoneNumber?: string;
  websiteUri?: string;
  regularOpeningHours?: { weekdayDescriptions?: string[] };
  editorialSummary?: LocalizedText;
  reviews?: GoogleReview[];
  photos?: GooglePhoto[];
}

const ATTRIBUTE_FIELDS = [
  "liveMusic",
  "goodForGroups",
  "goodForWatchingSports",
  "servesCocktails",
  "servesWine",
  "servesBeer",
  "servesCoffee",
  "outdoorSeating",
  "reservable",
  "allowsDogs",
  "goodForChildren",
] as const;

export function googleAttributes(p: GooglePlace): GooglePlaceAttributes {
  const out: GooglePlaceAttributes = {};
  for (const f of ATTRIBUTE_FIELDS) if (typeof p[f] === "boolean") out[f] = p[f];
  if (typeof p.priceLevel === "string") out.priceLevel = p.priceLevel;
  return out;
}

/** A stored photo URL without the key: the image proxy adds X-Goog-Api-Key when it fetches it. */
export function googlePhotoUrl(photoName: string, baseUrl = GOOGLE_PLACES_DEFAULT_URL): string | null {
  if (!/^places\/[A-Za-z0-9_-]+\/photos\/[A-Za-z0-9_-]+$/.test(photoName)) return null;
  return `${baseUrl.replace(/\/+$/, "")}/v1/${photoName}/media?maxWidthPx=800`;
}

/**
 * The raw place as kept in venue_sources.data: the answer minus the relative review dates
 * ("a week ago"), which change every day without anything having changed.
 */
export function storableGooglePlace(p: GooglePlace): GooglePlace {
  return { ...p, reviews: p.reviews?.map(({ relativePublishTimeDescription: _relative, ...r }) => r) };
}

/** One Places API (New) place as a venue place; null without an id, a name or a location. */
export function parseGooglePlace(p: GooglePlace, baseUrl = GOOGLE_PLACES_DEFAULT_URL): SourcePlace | null {
  if (!p || typeof p !== "object" || typeof p.id !== "string" || !/^[A-Za-z0-9_-]{1,300}$/.test(p.id)) return null;
  const name = cleanText(p.displayName?.text, 200);
  if (!name || !validLatLng(p.location?.latitude, p.location?.longitude)) return null;
  const category = p.businessStatus === "CLOSED_PERMANENTLY" ? null : googleCategory(p.primaryType, p.types);
  const reviews: SourceReview[] = [];
  for (const r of p.reviews ?? []) {
    const text = cleanText(r.text?.text ?? r.originalText?.text, 4000);
    if (!text) continue;
    const rating = typeof r.rating === "number" && r.rating >= 0 && r.rating <= 5 ? r.rating : null;
    const time =
      r.publishTime && Number.isFinite(Date.parse(r.publishTime)) ? new Date(r.publishTime).toISOString() : null;
    reviews.push({ author: cleanText(r.authorAttribution?.displayName, 120) ?? "Google user", rating, text, time });
  }
  const photos = (p.photos ?? [])
    .slice(0, 10)
    .map((ph) => ({
      url: ph.name ? googlePhotoUrl(ph.name, baseUrl) : null,
      attribution: cleanText(ph.authorAttributions?.[0]?.displayName, 120),
    }))
    .filter((ph): ph is { url: string; attribution: string | null } => !!ph.url);
  const rating = typeof p.rating === "number" && p.rating >= 0 && p.rating <= 5 ? p.rating : null;
  const count =
    typeof p.userRatingCount === "number" && Number.isSafeInteger(p.userRatingCount) && p.userRatingCount >= 0
      ? p.userRatingCount
      : null;
  return {
    source: "google",
    externalId: `google:${p.id}`,
    name,
    category,
    latitude: p.location!.latitude,
    longitude: p.location!.longitude,
    address: cleanText(p.formattedAddress, 300),
    phone: cleanText(p.nationalPhoneNumber, 60),
    website: safeHttpUrl(p.websiteUri),
    hours: (p.regularOpeningHours?.weekdayDescriptions ?? [])
      .map((h) => cleanText(h, 200))
      .filter((h): h is string => !!h)
      .slice(0, 14),
    description: cleanText(p.editorialSummary?.text, 1000),
    rating,
    reviewCount: count,
    imageUrl: photos[0]?.url ?? null,
    photos,
    reviews,
    google: googleAttributes(p),
    attribution: GOOGLE_ATTRIBUTION,
    raw: storableGooglePlace(p),
  };
}

// ---------------------------------------------------------------------------------------------
// The sweep

export interface Circle {
  latitude: number;
  longitude: number;
  /** metres */
  radius: number;
}

const M_PER_DEG_LAT = (6_371_008.8 * Math.PI) / 180;
/** Sub-circles are this much larger than half, so float error and the earth's curve leave no gaps. */
export const SUB_CIRCLE_MARGIN = 1.03;

/** Seven circles of radius ~r/2 that together cover the circle: the centre and six around it. */
export function subCircles(c: Circle): Circle[] {
  const r = (c.radius / 2) * SUB_CIRCLE_MARGIN;
  const d = (c.radius * Math.sqrt(3)) / 2;
  const mPerDegLng = M_PER_DEG_LAT * Math.max(0.01, Math.cos((c.latitude * Math.PI) / 180));
  const out: Circle[] = [{ latitude: c.latitude, longitude: c.longitude, radius: r }];
  for (let k = 0; k < 6; k++) {
    const a = (k * Math.PI) / 3;
    out.push({
      latitude: c.latitude + (d * Math.sin(a)) / M_PER_DEG_LAT,
      longitude: c.longitude + (d * Math.cos(a)) / mPerDegLng,
      radius: r,
    });
  }
  return out;
}

export interface SweepOptions {
  /** Most searchNearby calls per sync. Default 40. */
  maxCalls?: number;
  /** Circles are not split below this radius (metres). Default 100. */
  minRadius?: number;
  /** An answer of this many places is full. Default 20. */
  pageSize?: number;
  /** Calls in flight at once. Default 4. */
  concurrency?: number;
}

export interface SweepResult<T> {
  items: T[];
  calls: number;
  /** True when a full answer could not be split further (cap or minimum radius): some places may be missing. */
  incomplete: boolean;
}

export const SWEEP_DEFAULTS = { maxCalls: 40, minRadius: 100, pageSize: GOOGLE_PAGE_SIZE, concurrency: 4 } as const;

/**
 * Lists everything in `root` through a search that answers at most `pageSize` items per circle,
 * splitting full circles breadth first (see the header). Items are de-duplicated by id and kept
 * only inside `root`.
 */
export async function sweep<T extends { id: string; location?: { latitude: number; longitude: number } }>(
  root: Circle,
  search: (c: Circle) => Promise<T[]>,
  opts: SweepOptions = {},
): Promise<SweepResult<T>> {
  const maxCalls = opts.maxCalls ?? SWEEP_DEFAULTS.maxCalls;
  const minRadius = opts.minRadius ?? SWEEP_DEFAULTS.minRadius;
  const pageSize = opts.pageSize ?? SWEEP_DEFAULTS.pageSize;
  const concurrency = Math.max(1, opts.concurrency ?? SWEEP_DEFAULTS.concurrency);
  const found = new Map<string, T>();
  let level: Circle[] = [root];
  let calls = 0;
  let incomplete = false;
  while (level.length) {
    const next: Circle[] = [];
    for (let i = 0; i < level.length; i += concurrency) {
      const batch = level.slice(i, i + concurrency).slice(0, Math.max(0, maxCalls - calls));
      if (!batch.length) {
        incomplete = true;
        break;
      }
      calls += batch.length;
      const answers = await Promise.all(batch.map((c) => search(c)));
      answers.forEach((items, k) => {
        for (const it of items) {
          const loc = it.location;
          if (!loc || haversineMeters(root.latitude, root.longitude, loc.latitude, loc.longitude) > root.radius + 1)
            continue;
          if (!found.has(it.id)) found.set(it.id, it);
        }
        if (items.length >= pageSize) {
          const c = batch[k];
          if (c.radius / 2 >= minRadius) next.push(...subCircles(c));
          else incomplete = true;
        }
      });
    }
    if (calls >= maxCalls && next.length) {
      incomplete = true;
      break;
    }
    level = next;
  }
  return { items: [...found.values()], calls, incomplete };
}

// ---------------------------------------------------------------------------------------------
// The source

export interface GooglePlacesOptions {
  apiKey: string | null;
  /** Base URL (scheme, host, optional path prefix); default https://places.googleapis.com. */
  baseUrl?: string | null;
  timeoutMs: number;
  retries?: number;
  backoffMs?: number;
  sweep?: SweepOptions;
  onRetry?: FetchPolicy["onRetry"];
  /** Told when a sweep hit its cap with areas still full. */
  onIncomplete?: (info: { calls: number; places: number }) => void;
}

export function createGooglePlacesSource(opts: GooglePlacesOptions): VenueSource {
  const base = (opts.baseUrl || GOOGLE_PLACES_DEFAULT_URL).replace(/\/+$/, "");
  const endpoint = `${base}/v1/places:searchNearby`;
  return {
    id: "google",
    name: "Google Places",
    available: () => !!opts.apiKey,
    unavailableReason: () => "GOOGLE_PLACES_API_KEY not set",
    async fetchNearby(lat, lng, radiusMeters, signal) {
      if (!opts.apiKey)
        throw new SourceError("google", "aborted", "Google Places is not configured (GOOGLE_PLACES_API_KEY not set)");
      const search = async (c: Circle): Promise<GooglePlace[]> => {
        const body = {
          includedTypes: GOOGLE_INCLUDED_TYPES,
          maxResultCount: GOOGLE_PAGE_SIZE,
          locationRestriction: {
            circle: { center: { latitude: c.latitude, longitude: c.longitude }, radius: Math.min(50_000, c.radius) },
          },
          rankPreference: "DISTANCE",
        };
        const res = await fetchJson<{ places?: GooglePlace[] }>(
          endpoint,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-goog-api-key": opts.apiKey!,
              "x-goog-fieldmask": GOOGLE_FIELD_MASK,
            },
            body: JSON.stringify(body),
          },
          {
            source: "google",
            timeoutMs: opts.timeoutMs,
            retries: opts.retries ?? 2,
            backoffMs: opts.backoffMs ?? 500,
            signal,
            onRetry: opts.onRetry,
          },
        );
        // No results is an empty object, not an empty list.
        if (!res || typeof res !== "object" || (res.places !== undefined && !Array.isArray(res.places))) {
          throw new SourceError("google", "invalid", "Google Places sent an unexpected response (no places list)");
        }
        return (res.places ?? []).filter((p) => p && typeof p.id === "string");
      };
      const result = await sweep({ latitude: lat, longitude: lng, radius: radiusMeters }, search, opts.sweep);
      if (result.incomplete) opts.onIncomplete?.({ calls: result.calls, places: result.items.length });
      return result.items.map((p) => parseGooglePlace(p, base)).filter((p): p is SourcePlace => !!p);
    },
    fromStored(data) {
      return parseGooglePlace(data as GooglePlace, base);
    },
  };
}
