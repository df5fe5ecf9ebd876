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
 */
import { readFileSync } from "node:fs";
import type { VenueCategory } from "@shared/constants";
import { parseOverpassElement, type OsmRegion, type OverpassElement } from "../providers/overpass";
import type { SourcePlace } from "../providers/venue-source";

export const OSM_BARS_URL = new URL("../../../data/seed/osm_sf_bars_pubs_2025-10-23.json", import.meta.url);
export const OSM_CENTRAL_URL = new URL("../../../data/seed/osm_sf_central_venues_2026-02-04.json", import.meta.url);

/** Both files are clipped to San Francisco (elements naming another addr:city were dropped upstream). */
export const SF_REGION: OsmRegion = { city: "San Francisco", state: "CA" };

/** The central file's bounding box (its README): outside it, only bars and pubs are in OSM's files. */
export const CENTRAL_BOX = { minLat: 37.76, maxLat: 37.8, minLng: -122.45, maxLng: -122.38 } as const;

export const inCentralBox = (lat: number, lng: number) =>
  lat >= CENTRAL_BOX.minLat && lat <= CENTRAL_BOX.maxLat && lng >= CENTRAL_BOX.minLng && lng <= CENTRAL_BOX.maxLng;

type SeedElement = OverpassElement & { tags_truncated?: boolean };

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
): { elements: SeedElement[]; barsFile: number; centralFile: number; inBoth: number; truncated: number } {
  const bars = readElements(barsUrl);
  const central = readElements(centralUrl);
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
      tags: tags_truncated && older ? { ...older.tags, ...el.tags } : el.tags,
    });
  }
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
