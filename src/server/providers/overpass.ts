/**
 * OpenStreetMap through the Overpass API (no key). One Overpass QL query per sync asks for the
 * nodes and ways tagged with one of OVERPASS_AMENITIES around the point; ways come back with
 * their centre (`out center tags`). Elements without a name (or name:en) are skipped by the
 * parser. See docs/venue-sync.md.
 */
import { ATTRIBUTION, type VenueCategory } from "@shared/constants";
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

export const OVERPASS_DEFAULT_URL = "https://overpass-api.de/api/interpreter";

/** The amenity values the query asks for. */
export const OVERPASS_AMENITIES = ["bar", "pub", "cafe", "restaurant", "nightclub", "biergarten"] as const;

/**
 * amenity -> category. fast_food is not queried, but the parser reads it as a Restaurant so that a
 * real Overpass body of fast-food places (the Skopje fixture) parses.
 */
export const AMENITY_CATEGORY: Readonly<Record<string, VenueCategory>> = {
  bar: "Bar",
  pub: "Bar",
  biergarten: "Bar",
  cafe: "Cafe",
  restaurant: "Restaurant",
  nightclub: "Club",
  fast_food: "Restaurant",
};

export interface OverpassElement {
  type: "node" | "way" | "relation";
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
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
  return `[out:json][timeout:${serverTimeoutS}];\n(\n  node${amenity}${around};\n  way${amenity}${around};\n);\nout center tags;`;
}

/** "12 Main St, San Francisco, CA 94110" from addr:*; addr:full when given; null when nothing. */
export function formatOsmAddress(tags: Record<string, string>): string | null {
  const full = cleanText(tags["addr:full"], 300);
  if (full) return full;
  const street = [tags["addr:housenumber"], tags["addr:street"] ?? tags["addr:place"]]
    .map((p) => cleanText(p, 120))
    .filter(Boolean)
    .join(" ");
  const region = [tags["addr:state"], tags["addr:postcode"]]
    .map((p) => cleanText(p, 40))
    .filter(Boolean)
    .join(" ");
  const parts = [street, cleanText(tags["addr:city"], 120), region].filter((p): p is string => !!p);
  return parts.length ? parts.join(", ") : null;
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

/** An OSM `image` tag, kept only when the image proxy can serve it (e.g. Wikimedia Commons). */
function osmImage(tags: Record<string, string>): string | null {
  const url = safeHttpUrl(tags.image);
  if (!url) return null;
  const u = new URL(url);
  return u.protocol === "https:" && hostAllowed(u.hostname, DEFAULT_IMAGE_HOSTS) ? url : null;
}

/** One Overpass element as a place; null when it has no name, no position or no known amenity. */
export function parseOverpassElement(el: OverpassElement): SourcePlace | null {
  if (!el || typeof el !== "object" || !["node", "way", "relation"].includes(el.type) || !Number.isSafeInteger(el.id))
    return null;
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.tags ?? {})) if (typeof v === "string") tags[k] = v;
  const name = cleanText(tags.name, 200) ?? cleanText(tags["name:en"], 200);
  if (!name) return null;
  const lat = el.type === "node" ? el.lat : el.center?.lat;
  const lng = el.type === "node" ? el.lon : el.center?.lon;
  if (!validLatLng(lat, lng)) return null;
  const category = AMENITY_CATEGORY[tags.amenity] ?? null;
  const image = osmImage(tags);
  return {
    source: "osm",
    externalId: `osm:${el.type}/${el.id}`,
    name,
    category,
    latitude: lat!,
    longitude: lng!,
    address: formatOsmAddress(tags),
    phone: cleanText((tags.phone ?? tags["contact:phone"])?.split(";")[0], 60),
    website: safeHttpUrl(tags.website ?? tags["contact:website"]),
    hours: osmHours(tags.opening_hours),
    description: cleanText(tags.description, 1000),
    rating: null,
    reviewCount: null,
    imageUrl: image,
    photos: image ? [{ url: image, attribution: null }] : [],
    reviews: [],
    osmTags: tags,
    attribution: ATTRIBUTION.osm,
    raw: { type: el.type, id: el.id, lat: el.lat, lon: el.lon, center: el.center, tags },
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
