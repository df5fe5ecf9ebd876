/**
 * The OpenStreetMap part of the embedded seed (data/seed/SOURCES.md, docs/seed-data.md): two
 * Overpass-shaped files of San Francisco venues, merged by OSM id and read by the admin sync's own
 * parser (providers/overpass.ts), so the seed and a sync of the same area give the same places.
 *
 * - osm_sf_bars_pubs_2025-10-23.json: every SF bar, pub and beer garden, full tags, nodes and ways.
 * - osm_sf_central_venues_2026-02-04.json: restaurants, cafes, fast food, bars, pubs, clubs and ice
 *   cream of central SF, nodes only; 955 elements lost the tags that sorted after 254 bytes
 *   (`tags_truncated: true`).
 *
 * Merge, per OSM id: the newer file's position and tags win; when its tags were truncated, the
 * older file's tags fill in the keys it lost (a key deleted upstream in between may so survive,
 * which is the lesser evil than losing the hours of 300 bars).
 *
 * The central file also lost characters on its way through the shapefile: the DBF was written in
 * Latin-1, so every character outside Latin-1 became "?" ("Kell’s" -> "Kell?s", "Kaiyō" -> "Kaiy?",
 * 托斯卡咖啡厅 -> "??????"), and the DBF was read back as UTF-8, so every Latin-1 letter beyond ASCII
 * became U+FFFD ("Amélie" -> "Am\uFFFDlie"). Where the bars file holds the same element, a newer
 * value that is such a damaged copy of the older one keeps the older, intact value (lostCharacters).
 * A central-only value is restored from data/seed/central-name-repairs.json: a hand-made table whose
 * every row is checked against the damage ("?" for exactly one character outside Latin-1, U+FFFD for
 * exactly one Latin-1 character, nothing else changed) and applied to that exact damaged value only.
 * A name in another script made of nothing but "?" (`name:zh` "??") says nothing and is dropped (docs/seed-data.md).
 */
import { readFileSync } from "node:fs";
import type { VenueCategory } from "@shared/vocabulary";
import { parseOverpassElement, type OsmRegion, type OverpassElement } from "../providers/overpass";
import type { SourcePlace } from "../providers/venue-source";

export const OSM_BARS_URL = new URL("../../../data/seed/osm_sf_bars_pubs_2025-10-23.json", import.meta.url);
export const OSM_CENTRAL_URL = new URL("../../../data/seed/osm_sf_central_venues_2026-02-04.json", import.meta.url);
export const CENTRAL_REPAIRS_URL = new URL("../../../data/seed/central-name-repairs.json", import.meta.url);

/** Both files are clipped to San Francisco (elements naming another addr:city were dropped upstream). */
export const SF_REGION: OsmRegion = { city: "San Francisco", state: "CA" };

/** The central file's bounding box (its README): outside it, only bars and pubs are in OSM's files. */
export const CENTRAL_BOX = { minLat: 37.76, maxLat: 37.8, minLng: -122.45, maxLng: -122.38 } as const;

export const inCentralBox = (lat: number, lng: number) =>
  lat >= CENTRAL_BOX.minLat && lat <= CENTRAL_BOX.maxLat && lng >= CENTRAL_BOX.minLng && lng <= CENTRAL_BOX.maxLng;

type SeedElement = OverpassElement & { tags_truncated?: boolean };

/** What the shapefile put for a character it lost: "?" (outside Latin-1) or U+FFFD (Latin-1 read as UTF-8). */
const LOST_MARK = /[?\uFFFD]/u;

/**
 * True when `newer` is `older` with characters lost the shapefile's way: each "?" stands for one
 * character outside ASCII (or a real "?"), each U+FFFD for one Latin-1 character beyond ASCII.
 */
export function lostCharacters(newer: string, older: string): boolean {
  if (newer === older || !LOST_MARK.test(newer)) return false;
  let pattern = "";
  for (const ch of newer) {
    if (ch === "?") pattern += "(?:\\?|[^\\u0000-\\u007F])";
    else if (ch === "\uFFFD") pattern += "[\\u0080-\\u00FF]";
    else pattern += ch.replace(/[.*+?^${}()|[\]\\/]/gu, "\\$&");
  }
  return new RegExp(`^${pattern}$`, "u").test(older);
}

/**
 * True when `restored` can be what the shapefile turned into `damaged`: each "?" one character outside
 * Latin-1, each U+FFFD one Latin-1 character beyond ASCII, every other character the same. Stricter
 * than lostCharacters (a "?" never stays a "?"): a repair must restore every lost character.
 */
export function restoresLostCharacters(damaged: string, restored: string): boolean {
  const a = [...damaged];
  const b = [...restored];
  if (a.length !== b.length || !LOST_MARK.test(damaged)) return false;
  return a.every((ch, i) => {
    const code = b[i]!.codePointAt(0)!;
    if (ch === "?") return code > 0xff;
    if (ch === "\uFFFD") return code >= 0x80 && code <= 0xff;
    return ch === b[i];
  });
}

export interface TagRepair {
  element: string;
  key: string;
  damaged: string;
  restored: string;
  basis: string;
}

/** The repair table, each row checked; a row that does not fit its damage stops the seed. */
export function readRepairs(url: URL = CENTRAL_REPAIRS_URL): TagRepair[] {
  const { repairs } = JSON.parse(readFileSync(url, "utf8")) as { repairs: TagRepair[] };
  for (const r of repairs) {
    if (!restoresLostCharacters(r.damaged, r.restored))
      throw new Error(`${url.pathname}: ${r.element} ${r.key} "${r.restored}" does not fit "${r.damaged}"`);
  }
  return repairs;
}

/**
 * A name in another script of nothing but lost marks (`name:zh` "??", `brand:ja` "???"): no character
 * of it survived. (A plain `name` "?" is a real bar's name, in both files.)
 */
const ALL_LOST = /^[?\s]+$/u;
const OTHER_SCRIPT_NAME = /^(?:name|brand|alt_name|official_name):/u;

/** The central file's damaged values restored (repairs) or, when nothing survived, dropped. */
function repairTags(
  key: string,
  tags: Record<string, string> | undefined,
  repairs: Map<string, TagRepair>,
  applied: Set<TagRepair>,
) {
  if (!tags) return tags;
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(tags)) {
    const repair = repairs.get(`${key} ${k}`);
    if (repair && repair.damaged === value) {
      out[k] = repair.restored;
      applied.add(repair);
    } else if (!(OTHER_SCRIPT_NAME.test(k) && ALL_LOST.test(value))) out[k] = value;
  }
  return out;
}

/** The newer element's tags over the older's; a newer value that lost characters keeps the older one. */
function mergeTags(
  newer: Record<string, string> | undefined,
  older: Record<string, string> | undefined,
  truncated: boolean,
): Record<string, string> | undefined {
  if (!older) return newer;
  const out: Record<string, string> = truncated ? { ...older, ...newer } : { ...newer };
  for (const [key, value] of Object.entries(newer ?? {})) {
    const before = older[key];
    if (before !== undefined && lostCharacters(value, before)) out[key] = before;
  }
  return out;
}

export interface OsmSeedStats {
  /** Elements in each file. */
  barsFile: number;
  centralFile: number;
  /** Ids in both files. */
  inBoth: number;
  /** Distinct elements after the merge. */
  merged: number;
  /** Merged elements whose central-file tags were truncated (older tags filled in where there were any). */
  truncated: number;
  /** Skipped by the parser: no name. */
  unnamed: number;
  /** Venues, per category. */
  byCategory: Record<VenueCategory, number>;
  /** Venues per amenity tag. */
  byAmenity: Record<string, number>;
  /** Venues with an opening_hours tag. */
  withHours: number;
  venues: number;
}

function readElements(url: URL): SeedElement[] {
  const body = JSON.parse(readFileSync(url, "utf8")) as { elements?: SeedElement[] };
  if (!Array.isArray(body.elements)) throw new Error(`${url.pathname} has no elements list`);
  return body.elements;
}

/** The two files merged by OSM id (see the header), each element marked as lying in San Francisco. */
export function mergedOsmElements(
  barsUrl: URL = OSM_BARS_URL,
  centralUrl: URL = OSM_CENTRAL_URL,
  repairsUrl: URL = CENTRAL_REPAIRS_URL,
): { elements: SeedElement[]; barsFile: number; centralFile: number; inBoth: number; truncated: number } {
  const bars = readElements(barsUrl);
  const central = readElements(centralUrl);
  const repairs = new Map(readRepairs(repairsUrl).map((r) => [`${r.element} ${r.key}`, r]));
  const applied = new Set<TagRepair>();
  const byId = new Map<string, SeedElement>();
  for (const el of bars) byId.set(`${el.type}/${el.id}`, el);
  let inBoth = 0;
  let truncated = 0;
  for (const el of central) {
    const key = `${el.type}/${el.id}`;
    const older = byId.get(key);
    if (older) inBoth++;
    if (el.tags_truncated) truncated++;
    const { tags_truncated, ...rest } = el;
    byId.set(key, {
      ...rest,
      // a way keeps its centre from the file that has it
      center: el.center ?? older?.center,
      tags: repairTags(key, mergeTags(el.tags, older?.tags, tags_truncated === true), repairs, applied),
    });
  }
  const stale = [...repairs.values()].filter((r) => !applied.has(r));
  if (stale.length > 0)
    throw new Error(`${repairsUrl.pathname}: no such damaged value for ${stale.map((r) => r.element).join(", ")}`);
  const elements = [...byId.values()].map((el) => ({ ...el, region: SF_REGION }));
  return { elements, barsFile: bars.length, centralFile: central.length, inBoth, truncated };
}

/** The seed's OpenStreetMap places (venue categories only) and how they were counted. */
export function loadOsmSeed(
  barsUrl: URL = OSM_BARS_URL,
  centralUrl: URL = OSM_CENTRAL_URL,
): { places: SourcePlace[]; stats: OsmSeedStats } {
  const { elements, barsFile, centralFile, inBoth, truncated } = mergedOsmElements(barsUrl, centralUrl);
  const stats: OsmSeedStats = {
    barsFile,
    centralFile,
    inBoth,
    merged: elements.length,
    truncated,
    unnamed: 0,
    byCategory: { Bar: 0, Restaurant: 0, Cafe: 0, Club: 0 },
    byAmenity: {},
    withHours: 0,
    venues: 0,
  };
  const places: SourcePlace[] = [];
  for (const el of elements) {
    const place = parseOverpassElement(el);
    if (!place) {
      stats.unnamed++;
      continue;
    }
    if (!place.category) continue;
    places.push(place);
    stats.byCategory[place.category]++;
    const amenity = place.osmTags?.amenity ?? "";
    stats.byAmenity[amenity] = (stats.byAmenity[amenity] ?? 0) + 1;
    if (place.osmTags?.opening_hours) stats.withHours++;
  }
  stats.venues = places.length;
  return { places, stats };
}
