// Venue sync, matching (index.ts has the rules): which places are the same place, by distance and name.
import { haversineMeters } from "../../db/earth";
import { words } from "../../vibes/words";
import type { SourcePlace } from "../../providers/venue-source";

// ---------------------------------------------------------------------------------------------
// Same place?

/** Two records this close (metres) with similar names are one venue. */
export const MERGE_DISTANCE_M = 50;
/** Token-set Jaccard similarity at which two names are the same. */
export const NAME_JACCARD_MIN = 0.6;

const STOP_WORDS = new Set(["the", "and", "a", "an", "of", "at", "on", "by"]);
/** Words that say what a place is, not which one: "Cafe" alone does not identify "Cafe Roma". */
const GENERIC_WORDS = new Set([
  "cafe",
  "caffe",
  "coffee",
  "bar",
  "pub",
  "restaurant",
  "ristorante",
  "restaurante",
  "club",
  "grill",
  "kitchen",
  "bistro",
  "house",
  "tea",
  "bakery",
  "shop",
  "lounge",
  "tavern",
  "saloon",
  "inn",
  "co",
  "company",
  "pizza",
  "pizzeria",
  "brewery",
  "wine",
  "sf",
  "de",
  "la",
  "le",
  "el",
  "il",
  "der",
  "die",
  "das",
]);

/** The name's words (vibes/words.ts) without the stop words. */
export const nameTokens = (name: string): string[] => words(name, { stopWords: STOP_WORDS });

/**
 * Whether two names name the same place: the same words ignoring case, accents, punctuation and
 * "the/and/of" ("The Blue Note" = "Blue Note"), the same letters without spaces ("BlueBottle" =
 * "Blue Bottle"), every word of one in the other with at least one distinctive word ("Starbucks" =
 * "Starbucks Coffee", but "Cafe" != "Cafe Roma"), or a token-set Jaccard of at least 0.6.
 */
export function namesSimilar(a: string, b: string): boolean {
  const ta = nameTokens(a);
  const tb = nameTokens(b);
  if (!ta.length || !tb.length) return false;
  if (ta.join("") === tb.join("")) return true;
  const sa = new Set(ta);
  const sb = new Set(tb);
  const [small, large] = sa.size <= sb.size ? [sa, sb] : [sb, sa];
  const inter = [...small].filter((t) => large.has(t));
  if (inter.length === small.size && [...small].some((t) => !GENERIC_WORDS.has(t) && !/^\d+$/.test(t))) return true;
  return inter.length / (sa.size + sb.size - inter.length) >= NAME_JACCARD_MIN;
}

interface Located {
  name: string;
  latitude: number;
  longitude: number;
}

export function samePlace(a: Located, b: Located): boolean {
  return (
    haversineMeters(a.latitude, a.longitude, b.latitude, b.longitude) <= MERGE_DISTANCE_M &&
    namesSimilar(a.name, b.name)
  );
}

/** A grid of cells about MERGE_DISTANCE_M wide, so each lookup reads only the 3x3 cells around a point. */
export class Grid<T extends { latitude: number; longitude: number }> {
  private cells = new Map<string, T[]>();
  private readonly cell = MERGE_DISTANCE_M / 111_000;
  private key(lat: number, lng: number, dy = 0, dx = 0) {
    const lngCell = this.cell / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    return `${Math.floor(lat / this.cell) + dy}:${Math.floor(lng / lngCell) + dx}`;
  }
  add(item: T) {
    const k = this.key(item.latitude, item.longitude);
    (this.cells.get(k) ?? this.cells.set(k, []).get(k)!).push(item);
  }
  near(lat: number, lng: number): T[] {
    const out: T[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) out.push(...(this.cells.get(this.key(lat, lng, dy, dx)) ?? []));
    return out;
  }
}

/**
 * Groups places of several sources: each place joins the nearest group that is within
 * MERGE_DISTANCE_M, has a similar name and has no place of the same source yet; otherwise it starts
 * a group. Lists are taken in order (OpenStreetMap first), so a group's first place is its primary.
 */
export function groupPlaces(lists: readonly (readonly SourcePlace[])[]): SourcePlace[][] {
  type G = { places: SourcePlace[]; latitude: number; longitude: number };
  const groups: G[] = [];
  const grid = new Grid<G>();
  for (const list of lists) {
    const seen = new Set<string>();
    const added: G[] = [];
    for (const p of list) {
      if (seen.has(p.externalId)) continue;
      seen.add(p.externalId);
      let best: G | null = null;
      let bestD = Infinity;
      for (const g of grid.near(p.latitude, p.longitude)) {
        if (g.places.some((q) => q.source === p.source)) continue;
        const d = haversineMeters(g.latitude, g.longitude, p.latitude, p.longitude);
        if (d <= MERGE_DISTANCE_M && d < bestD && g.places.some((q) => namesSimilar(q.name, p.name))) {
          best = g;
          bestD = d;
        }
      }
      if (best) best.places.push(p);
      else added.push({ places: [p], latitude: p.latitude, longitude: p.longitude });
    }
    // Places of one source never merge with each other, so they join the grid after their list.
    for (const g of added) {
      groups.push(g);
      grid.add(g);
    }
  }
  return groups.map((g) => g.places);
}
