import { followChanges, type ChangeFeed } from "../db/changes";
import type { Db } from "../db/client";
import { VENUE_COLUMNS, type StoredVenue } from "./queries";

/**
 * Every venue, held in memory by each instance, for the radius searches that matching and
 * suggestions make on nearly every request (docs/discovery.md, "Venue catalog").
 *
 * Venues change rarely (a sync, the seed) and are read all the time, so each instance loads them
 * once and then follows the changes that a trigger on the table announces on commit (migration
 * 008, db/changes.ts): changed ids are read again; '*' (a bulk change, or a lost listening
 * connection) reads everything again. A change made on another instance is seen once its reread is
 * done (milliseconds); a writer on this instance waits for its own change (ChangeFeed.settle) before it answers.
 *
 * The search is the same as venuesWithin's SQL without text search: the cube extension's earth
 * (a sphere of radius 6,378,168 m), the great-circle distance it measures, nearest first.
 */
export interface CatalogSearch {
  latitude: number;
  longitude: number;
  radiusMeters: number;
  /** Only venues whose detected vibes include at least one of these. */
  vibes?: readonly string[];
  category?: string;
  limit: number;
}

export interface CatalogHit {
  venue: Readonly<StoredVenue>;
  meters: number;
}

export interface VenueCatalog {
  within(q: CatalogSearch): Promise<CatalogHit[]>;
  /** The venues of these ids that exist (a venue's name for a post, say). */
  byIds(ids: Iterable<number>): Promise<Map<number, Readonly<StoredVenue>>>;
  readonly size: number;
  close(): Promise<void>;
}

/** The cube extension's earth(): the sphere ll_to_earth and earth_distance use, in metres. */
export const EARTH_RADIUS_M = 6378168;
/** Grid cells of this many degrees index the venues by position. */
const CELL_DEG = 0.05;
const LON_CELLS = Math.round(360 / CELL_DEG);

interface Entry {
  venue: StoredVenue;
  x: number;
  y: number;
  z: number;
  cell: number;
  /** One bit per detected vibe (vibeBits); -1 when a vibe has no bit and names must be compared. */
  vibes: number;
}

/**
 * The venues of one grid cell, and the same packed into flat arrays (made again after a change)
 * so that a search scans numbers in a row instead of visiting every venue object.
 */
interface Cell {
  entries: Entry[];
  packed: { entries: Entry[]; x: Float64Array; y: Float64Array; z: Float64Array; vibes: Int32Array } | null;
}

function pack(cell: Cell): NonNullable<Cell["packed"]> {
  const entries = cell.entries.slice();
  const n = entries.length;
  const packed = { entries, x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), vibes: new Int32Array(n) };
  entries.forEach((e, i) => {
    packed.x[i] = e.x;
    packed.y[i] = e.y;
    packed.z[i] = e.z;
    packed.vibes[i] = e.vibes;
  });
  cell.packed = packed;
  return packed;
}

/** Bit numbers of vibe names, given out as they are first seen (30 fit in a small integer). */
const vibeBits = new Map<string, number>();
function vibeMask(vibes: readonly string[], assign: boolean): number {
  let mask = 0;
  for (const v of vibes) {
    let bit = vibeBits.get(v);
    if (bit === undefined && assign && vibeBits.size < 30) vibeBits.set(v, (bit = vibeBits.size));
    if (bit === undefined) return -1;
    mask |= 1 << bit;
  }
  return mask;
}

/** The k-th smallest (0-based) of `values`, which it reorders (Hoare's selection). */
function kthSmallest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** ll_to_earth: the point on the cube extension's sphere. */
export function toEarth(latitude: number, longitude: number): [number, number, number] {
  const lat = rad(latitude);
  const lon = rad(longitude);
  return [EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon), EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon), EARTH_RADIUS_M * Math.sin(lat)];
}

/** earth_distance from a chord (the straight line through the sphere) to the great circle. */
function chordToMeters(chord: number): number {
  return chord >= 2 * EARTH_RADIUS_M ? Math.PI * EARTH_RADIUS_M : 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
}

const latCell = (latitude: number) => Math.min(Math.floor((latitude + 90) / CELL_DEG), Math.round(180 / CELL_DEG) - 1);
const lonCell = (longitude: number) => ((Math.floor((longitude + 180) / CELL_DEG) % LON_CELLS) + LON_CELLS) % LON_CELLS;
const cellKey = (latIndex: number, lonIndex: number) => latIndex * LON_CELLS + lonIndex;

/** The grid cells a circle can touch: the latitude band, and a longitude range (null: all). */
function cellsAround(latitude: number, longitude: number, radiusMeters: number) {
  const angle = radiusMeters / EARTH_RADIUS_M; // radians of great circle
  const south = latitude - (angle * 180) / Math.PI;
  const north = latitude + (angle * 180) / Math.PI;
  const latFrom = latCell(Math.max(-90, south));
  const latTo = latCell(Math.min(90, north));
  // The widest longitude a circle reaches: sin(Δλ) = sin(angle) / cos(latitude); none near a pole.
  const reach = Math.sin(angle) / Math.cos(rad(latitude));
  if (south <= -90 || north >= 90 || angle >= Math.PI / 2 || reach >= 1) return { latFrom, latTo, lon: null };
  const dLon = (Math.asin(reach) * 180) / Math.PI + 1e-9;
  const from = Math.floor((longitude - dLon + 180) / CELL_DEG);
  const to = Math.floor((longitude + dLon + 180) / CELL_DEG);
  if (to - from + 1 >= LON_CELLS) return { latFrom, latTo, lon: null };
  return { latFrom, latTo, lon: { from, to } };
}

/** Scratch space of searches (one runs at a time: a search does not wait once it has begun). */
const scratch = { entries: [] as Entry[], chords: new Float64Array(4096) };

export async function createVenueCatalog(db: Db, changes: ChangeFeed, opts: { onError?: (err: unknown) => void } = {}): Promise<VenueCatalog> {
  const byId = new Map<number, Entry>();
  const cells = new Map<number, Cell>();

  const place = (venue: StoredVenue) => {
    remove(venue.id);
    const [x, y, z] = toEarth(venue.latitude, venue.longitude);
    const entry: Entry = { venue, x, y, z, cell: cellKey(latCell(venue.latitude), lonCell(venue.longitude)), vibes: vibeMask(venue.detected_vibes ?? [], true) };
    byId.set(venue.id, entry);
    const cell = cells.get(entry.cell);
    if (cell) {
      cell.entries.push(entry);
      cell.packed = null;
    } else cells.set(entry.cell, { entries: [entry], packed: null });
  };
  const remove = (id: number) => {
    const old = byId.get(id);
    if (!old) return;
    byId.delete(id);
    const cell = cells.get(old.cell)!;
    cell.entries.splice(cell.entries.indexOf(old), 1);
    cell.packed = null;
    if (!cell.entries.length) cells.delete(old.cell);
  };

  const read = async (ids: readonly number[] | null) => {
    const rows = await db.query<StoredVenue>(
      ids ? `SELECT ${VENUE_COLUMNS} FROM venues v WHERE v.id = ANY($1::int[])` : `SELECT ${VENUE_COLUMNS} FROM venues v`,
      ids ? [ids] : [],
    );
    if (!ids) {
      byId.clear();
      cells.clear();
    }
    const found = new Set<number>();
    for (const row of rows) {
      found.add(row.id);
      place(row);
    }
    for (const id of ids ?? []) if (!found.has(id)) remove(id);
  };

  const { ready, stop } = await followChanges(changes, "venues", read, opts.onError);

  return {
    get size() {
      return byId.size;
    },
    async within(q) {
      // after a failed read, everything is read again first
      await ready();
      const [cx, cy, cz] = toEarth(q.latitude, q.longitude);
      const wantVibes = q.vibes?.length ? q.vibes : null;
      const wantMask = wantVibes ? vibeMask(wantVibes, false) : 0;
      const category = q.category ?? null;
      const radius = q.radiusMeters;
      // Within the radius exactly when the chord is at most this long. Well inside it (by a margin
      // far above rounding) no arc needs computing; near the edge the arc decides, as in the SQL.
      const maxChord = radius >= Math.PI * EARTH_RADIUS_M ? Infinity : 2 * EARTH_RADIUS_M * Math.sin(radius / (2 * EARTH_RADIUS_M));
      const surelyIn = maxChord * (1 - 1e-9);
      let n = 0;
      const consider = (cell: Cell) => {
        const { entries: list, x, y, z, vibes } = cell.packed ?? pack(cell);
        for (let i = 0; i < list.length; i++) {
          if (wantVibes !== null) {
            // bits when both sides have them; names otherwise
            if (wantMask !== -1 && vibes[i] !== -1) {
              if ((vibes[i] & wantMask) === 0) continue;
            } else if (!wantVibes.some((v) => list[i].venue.detected_vibes.includes(v))) continue;
          }
          const e = list[i];
          if (category !== null && e.venue.category !== category) continue;
          const dx = x[i] - cx;
          const dy = y[i] - cy;
          const dz = z[i] - cz;
          const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
          if (chord > surelyIn && (chord > maxChord || chordToMeters(chord) > radius)) continue;
          if (n === scratch.chords.length) {
            const grown = new Float64Array(n * 2);
            grown.set(scratch.chords);
            scratch.chords = grown;
          }
          scratch.entries[n] = e;
          scratch.chords[n] = chord;
          n++;
        }
      };
      const area = cellsAround(q.latitude, q.longitude, radius);
      const wanted = (area.latTo - area.latFrom + 1) * (area.lon ? area.lon.to - area.lon.from + 1 : LON_CELLS);
      if (wanted > cells.size) {
        // a wide circle: every occupied cell is fewer to look at than the circle's cells
        for (const cell of cells.values()) consider(cell);
      } else {
        for (let la = area.latFrom; la <= area.latTo; la++) {
          const lonFrom = area.lon ? area.lon.from : 0;
          const lonTo = area.lon ? area.lon.to : LON_CELLS - 1;
          for (let lo = lonFrom; lo <= lonTo; lo++) {
            const cell = cells.get(cellKey(la, ((lo % LON_CELLS) + LON_CELLS) % LON_CELLS));
            if (cell) consider(cell);
          }
        }
      }
      // Only the nearest `limit` are ordered: those no farther than the limit-th distance.
      const { chords, entries } = scratch;
      const cut = n <= q.limit ? Infinity : q.limit > 0 ? kthSmallest(chords.slice(0, n), q.limit - 1) : -1;
      const keep: number[] = [];
      for (let i = 0; i < n; i++) if (chords[i] <= cut) keep.push(i);
      keep.sort((a, b) => chords[a] - chords[b] || entries[a].venue.id - entries[b].venue.id);
      const out: CatalogHit[] = [];
      for (let k = 0; k < keep.length && k < q.limit; k++) out.push({ venue: entries[keep[k]].venue, meters: chordToMeters(chords[keep[k]]) });
      entries.length = 0; // hold no venue past this search
      return out;
    },
    async byIds(ids) {
      await ready();
      const out = new Map<number, Readonly<StoredVenue>>();
      for (const id of ids) {
        const entry = byId.get(id);
        if (entry) out.set(id, entry.venue);
      }
      return out;
    },
    async close() {
      stop();
    },
  };
}
