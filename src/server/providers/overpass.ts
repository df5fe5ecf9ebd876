/**
 * OpenStreetMap through the Overpass API (no key). One Overpass QL query per sync asks for the
 * nodes and ways tagged with one of OVERPASS_AMENITIES around the point; ways come back with
 * their centre (`out center tags`). Elements without a name (or name:en) are skipped by the
 * parser. See docs/venue-sync.md.
 */
import { createHash } from "node:crypto";
import { ATTRIBUTION, type VenueCategory } from "@shared/vocabulary";
import { hostAllowed } from "../net/safe-fetch";
import { DEFAULT_IMAGE_HOSTS } from "../net/image-hosts";
import {
  cleanText,
  fetchJson,
  safeHttpUrl,
  SourceError,
  validLatLng,
  type FetchPolicy,
  type SourcePlace,
  type VenueSource,
} from "./venue-source";
import { displayPhone } from "./phone";

/** Under a photo an OSM tag links to (Wikimedia Commons files carry their own licence there). */
export const OSM_PHOTO_ATTRIBUTION = "Wikimedia Commons, linked from OpenStreetMap";

export const OVERPASS_DEFAULT_URL = "https://overpass-api.de/api/interpreter";

/** The amenity values the query asks for. */
export const OVERPASS_AMENITIES = [
  "bar",
  "pub",
  "biergarten",
  "cafe",
  "ice_cream",
  "restaurant",
  "fast_food",
  "nightclub",
  "music_venue",
] as const;

/** amenity -> category (issue 15: the seed and the admin sync read them alike). */
export const AMENITY_CATEGORY: Readonly<Record<string, VenueCategory>> = {
  bar: "Bar",
  pub: "Bar",
  biergarten: "Bar",
  cafe: "Cafe",
  ice_cream: "Cafe",
  restaurant: "Restaurant",
  fast_food: "Restaurant",
  nightclub: "Club",
  music_venue: "Club",
};

/**
 * A restaurant or fast-food place whose first cuisine is one of these is a Cafe: a coffee chain
 * tagged fast_food (Starbucks often is), a donut or frozen-yogurt counter.
 */
const CAFE_CUISINES = new Set([
  "coffee_shop",
  "coffee",
  "tea",
  "bubble_tea",
  "ice_cream",
  "frozen_yogurt",
  "donut",
  "dessert",
  "juice",
]);

/** The venue category of an element's tags: amenity first, then the first cuisine (see CAFE_CUISINES). */
export function osmCategory(tags: Record<string, string>): VenueCategory | null {
  const category = AMENITY_CATEGORY[tags.amenity] ?? null;
  if (category !== "Restaurant") return category;
  const first = (tags.cuisine ?? "").split(";")[0].trim().toLowerCase();
  return CAFE_CUISINES.has(first) ? "Cafe" : category;
}

export interface OverpassElement {
  type: "node" | "way" | "relation";
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
  /** Not Overpass's: where the element is known to be (see parseOverpassElement). */
  region?: OsmRegion;
}

export interface OverpassResponse {
  version?: number;
  generator?: string;
  osm3s?: { timestamp_osm_base?: string; copyright?: string };
  elements: OverpassElement[];
  /** Set when the server gave up part-way ("runtime error: Query timed out ..."). */
  remark?: string;
}

const coord = (n: number) => Number(n.toFixed(7)).toString();

/**
 * The Overpass QL query: nodes and ways with one of the amenities within `radiusMeters` of the
 * point, tags and (for ways) the centre. `serverTimeoutS` is Overpass's own time limit.
 */
export function buildOverpassQuery(lat: number, lng: number, radiusMeters: number, serverTimeoutS = 25): string {
  const around = `(around:${Math.round(radiusMeters)},${coord(lat)},${coord(lng)})`;
  const amenity = `["amenity"~"^(${OVERPASS_AMENITIES.join("|")})$"]`;
  return (
    `[out:json][timeout:${serverTimeoutS}];\n(\n` +
    `  node${amenity}${around};\n  way${amenity}${around};\n);\nout center tags;`
  );
}

/** Where every element of a data set is known to be (the seed's files are clipped to San Francisco). */
export interface OsmRegion {
  city: string;
  state: string;
}

/** A value written all in capitals or all in lower case, in title case ("MISSION STREET" -> "Mission Street"). */
export function normalCase(value: string): string {
  if (!/[a-z]/i.test(value) || (value !== value.toUpperCase() && value !== value.toLowerCase())) return value;
  return value.toLowerCase().replace(/(^|[\s\-/(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/**
 * "12 Main Street, San Francisco, CA 94110" from addr:*; addr:full when given; null when nothing.
 * City and state come from the tags, else from `region` when the caller knows where the element is.
 */
export function formatOsmAddress(tags: Record<string, string>, region?: OsmRegion): string | null {
  const full = cleanText(tags["addr:full"], 300);
  if (full) return normalCase(full);
  const unit = cleanText(tags["addr:unit"], 20);
  const street = [tags["addr:housenumber"], tags["addr:street"] ?? tags["addr:place"]]
    .map((p) => cleanText(p, 120))
    .filter(Boolean)
    .map((p) => normalCase(p!))
    .join(" ");
  if (!street) return null;
  const city = cleanText(tags["addr:city"], 120) ?? region?.city ?? null;
  const state = [
    cleanText(tags["addr:state"], 40) ?? (city && region ? region.state : null),
    cleanText(tags["addr:postcode"], 40),
  ]
    .filter(Boolean)
    .join(" ");
  return [unit && !/^#/.test(unit) ? `${street} #${unit}` : street, city && normalCase(city), state]
    .filter((p): p is string => !!p)
    .join(", ");
}

/** OSM opening_hours as lines: "Mo-Fr 08:00-18:00; Sa 09:00-14:00" -> two lines. */
export function osmHours(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(";")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .slice(0, 14);
}

/**
 * A Wikimedia Commons file ("File:Tonga Room.jpg") as its 800 px thumbnail on upload.wikimedia.org,
 * whose path is the MD5 of the file name (underscores for spaces): no call to Commons is needed.
 */
export function commonsThumbUrl(tag: string | undefined): string | null {
  const m = /^\s*(?:File|Image):(.+\.(?:jpe?g|png|gif|webp|tiff?))\s*$/i.exec(tag ?? "");
  if (!m) return null;
  const file = m[1].trim().replace(/ /g, "_");
  const md5 = createHash("md5").update(file).digest("hex");
  const name = encodeURIComponent(file);
  const path = `${md5[0]}/${md5.slice(0, 2)}/${name}`;
  const thumb = `800px-${name}${/\.tiff?$/i.test(file) ? ".jpg" : ""}`;
  return `https://upload.wikimedia.org/wikipedia/commons/thumb/${path}/${thumb}`;
}

/**
 * The photos an element's tags name: `image` when it is https on a host the image proxy allows,
 * and a Wikimedia Commons `wikimedia_commons` file (a "Category:" there names no one picture).
 */
export function osmImages(tags: Record<string, string>): string[] {
  const out: string[] = [];
  const url = safeHttpUrl(tags.image);
  if (url) {
    const u = new URL(url);
    if (u.protocol === "https:" && hostAllowed(u.hostname, DEFAULT_IMAGE_HOSTS)) out.push(url);
  }
  const commons = commonsThumbUrl(tags.wikimedia_commons);
  if (commons && !out.includes(commons)) out.push(commons);
  return out;
}

/**
 * One Overpass element as a place; null when it has no name or no position (category null: not
 * an amenity we list). An element's `region` (not Overpass's: the seed sets it, knowing where its
 * files lie) fills in the city of an address without one; it is kept in `raw` with the element.
 */
export function parseOverpassElement(el: OverpassElement): SourcePlace | null {
  if (!el || typeof el !== "object" || !["node", "way", "relation"].includes(el.type) || !Number.isSafeInteger(el.id))
    return null;
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.tags ?? {})) if (typeof v === "string") tags[k] = v;
  const region = el.region && typeof el.region.city === "string" ? el.region : undefined;
  const name = cleanText(tags.name, 200) ?? cleanText(tags["name:en"], 200);
  if (!name) return null;
  const lat = el.type === "node" ? el.lat : el.center?.lat;
  const lng = el.type === "node" ? el.lon : el.center?.lon;
  if (!validLatLng(lat, lng)) return null;
  const category = osmCategory(tags);
  const images = osmImages(tags);
  return {
    source: "osm",
    externalId: `osm:${el.type}/${el.id}`,
    name,
    category,
    latitude: lat!,
    longitude: lng!,
    address: formatOsmAddress(tags, region),
    phone: displayPhone(tags.phone ?? tags["contact:phone"]),
    website: safeHttpUrl(tags.website ?? tags["contact:website"]),
    hours: osmHours(tags.opening_hours),
    description: cleanText(tags.description, 1000),
    rating: null,
    reviewCount: null,
    imageUrl: images[0] ?? null,
    photos: images.map((url) => ({ url, attribution: OSM_PHOTO_ATTRIBUTION })),
    reviews: [],
    osmTags: tags,
    attribution: ATTRIBUTION.osm,
    // the region too, so that the place read back from venue_sources is the same place
    raw: { type: el.type, id: el.id, lat: el.lat, lon: el.lon, center: el.center, tags, ...(region ? { region } : {}) },
  };
}

/** The places of an Overpass [out:json] body (elements without a name or position are skipped). */
export function parseOverpassResponse(body: unknown): SourcePlace[] {
  const elements = (body as OverpassResponse | null)?.elements;
  if (!Array.isArray(elements))
    throw new SourceError("osm", "invalid", "OpenStreetMap sent an unexpected response (no elements list)");
  const out: SourcePlace[] = [];
  for (const el of elements) {
    const place = parseOverpassElement(el);
    if (place) out.push(place);
  }
  return out;
}

export interface OverpassOptions {
  url?: string;
  /** Per-attempt timeout; the query's own [timeout] is kept at or below it. */
  timeoutMs: number;
  retries?: number;
  backoffMs?: number;
  userAgent?: string;
  onRetry?: FetchPolicy["onRetry"];
}

export function createOverpassSource(opts: OverpassOptions): VenueSource {
  const url = opts.url ?? OVERPASS_DEFAULT_URL;
  return {
    id: "osm",
    name: "OpenStreetMap",
    available: () => true,
    async fetchNearby(lat, lng, radiusMeters, signal) {
      const serverTimeoutS = Math.max(1, Math.min(25, Math.floor(opts.timeoutMs / 1000)));
      const query = buildOverpassQuery(lat, lng, radiusMeters, serverTimeoutS);
      const body = await fetchJson<OverpassResponse>(
        url,
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded; charset=utf-8",
            accept: "application/json",
            "user-agent": opts.userAgent ?? "VIBE-venue-sync/1.0",
          },
          body: new URLSearchParams({ data: query }).toString(),
        },
        {
          source: "osm",
          timeoutMs: opts.timeoutMs,
          retries: opts.retries ?? 2,
          backoffMs: opts.backoffMs ?? 500,
          signal,
          onRetry: opts.onRetry,
        },
      );
      // Overpass answers 200 with a remark when it ran out of time or memory: the list is partial.
      if (body && typeof body.remark === "string" && /error|timed out|out of memory/i.test(body.remark)) {
        throw new SourceError(
          "osm",
          "http",
          `OpenStreetMap could not finish the query (Overpass: ${body.remark.slice(0, 160)})`,
        );
      }
      return parseOverpassResponse(body);
    },
    fromStored(data) {
      return parseOverpassElement(data as OverpassElement);
    },
  };
}
