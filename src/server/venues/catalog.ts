import { followChanges, type ChangeFeed } from "../db/changes";
import type { Db } from "../db/client";
import { EARTH_RADIUS_M } from "../db/earth";
import { MAX_VIBE_BITS, VenueStore } from "./catalog-store";
import { isOpenAt, isOpenLate } from "./hours";
import { VENUE_COLUMNS, type StoredVenue } from "./queries";

/**
 * Every venue, held in memory by each instance, for the radius searches that matching and
 * suggestions make on nearly every request (docs/discovery.md, "Venue catalog"); compactly, a
 * column per field (catalog-store.ts), a venue's object made only when it is answered.
 *
 * Venues change rarely (a sync, the seed) and are read all the time, so each instance loads them
 * once and then follows the changes that a trigger on the table announces on commit (migration
 * 008, db/changes.ts): changed ids are read again; '*' (a bulk change, or a lost listening
 * connection) reads everything again, into a new store that replaces the old one when it is
 * whole. A change made on another instance is seen once its reread is done (milliseconds); a
 * writer on this instance is answered once its own change is read (readmodel/).
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
  /** Only venues whose opening hours say they are open at this instant (venues/hours.ts). */
  openAt?: Date;
  /** Only venues whose opening hours say they are open after midnight of the night of this instant. */
  openLateAt?: Date;
  limit: number;
}

export interface CatalogHit {
  venue: Readonly<StoredVenue>;
  meters: number;
}

/**
 * What a ranking reads of a venue while `best` scans a circle, without making the venue's object.
 * The object passed is reused for the next venue: read it during the call, do not keep it.
 */
export interface VenueFacts {
  readonly id: number;
  readonly category: string;
  readonly rating: number | null;
  readonly review_count: number | null;
  /** The venue's stored score for a vibe (vibe_scores[vibe]), or undefined when it has none. */
  vibeScore(vibe: string): number | undefined;
}

export interface VenueCatalog {
  within(q: CatalogSearch): Promise<CatalogHit[]>;
  /** How many venues `within` would find without a limit: the whole list's size, for its pages. */
  count(q: Omit<CatalogSearch, "limit">): Promise<number>;
  /**
   * The `limit` venues of the circle (same filters as `within`) with the highest `score`, best
   * first; equal scores nearest first, then by id. One pass over the circle, which also counts
   * every venue that passes the filters (`count`).
   */
  best(
    q: CatalogSearch,
    score: (venue: VenueFacts, meters: number) => number,
  ): Promise<{ hits: CatalogHit[]; count: number }>;
  /** The venues of these ids that exist (a venue's name for a post, say). */
  byIds(ids: Iterable<number>): Promise<Map<number, Readonly<StoredVenue>>>;
  readonly size: number;
  close(): Promise<void>;
}

/** Grid cells of this many degrees index the venues by position. */
const CELL_DEG = 0.05;
const LON_CELLS = Math.round(360 / CELL_DEG);

/**
 * The venues (slots of the store) of one grid cell, packed into flat arrays when a search first
 * needs them (made again after a change) so that a search scans numbers in a row. `byVibe` lists,
 * for each vibe bit, the positions of the cell's venues that have it: a search for a vibe or two
 * (most of them) visits only those, a few percent of the cell. Once packed, the list of slots is
 * the packed one (`slots` is null) until the cell changes.
 */
interface Cell {
  slots: number[] | null;
  packed: Packed | null;
}
interface Packed {
  slots: Int32Array;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  vibes: Int32Array;
  /** Positions of the venues with each vibe bit (empty for bits no venue here has). */
  byVibe: Int32Array[];
  /** Positions of the venues whose vibes have no bits (compared by name). */
  unbitted: Int32Array;
  /** The box around the cell's venues' points: no venue of the cell is nearer than the box. */
  box: { minX: number; maxX: number; minY: number; maxY: number; minZ: number; maxZ: number };
}

/** The shortest straight line from a point to any venue of the cell can be no shorter than this. */
function chordToBox(p: Packed, x: number, y: number, z: number): number {
  const { box } = p;
  const dx = Math.max(box.minX - x, 0, x - box.maxX);
  const dy = Math.max(box.minY - y, 0, y - box.maxY);
  const dz = Math.max(box.minZ - z, 0, z - box.maxZ);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

const NO_POSITIONS = new Int32Array(0);

function pack(store: VenueStore, cell: Cell): Packed {
  const slots = cell.slots ? Int32Array.from(cell.slots) : cell.packed!.slots;
  const n = slots.length;
  const packed: Packed = {
    slots,
    x: new Float64Array(n),
    y: new Float64Array(n),
    z: new Float64Array(n),
    vibes: new Int32Array(n),
    byVibe: [],
    unbitted: NO_POSITIONS,
    box: { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, minZ: Infinity, maxZ: -Infinity },
  };
  const { box } = packed;
  const lists: number[][] = [];
  const unbitted: number[] = [];
  for (let i = 0; i < n; i++) {
    const slot = slots[i];
    const [x, y, z] = toEarth(store.latitude[slot], store.longitude[slot]);
    const vibes = store.vibeMaskOf(slot);
    packed.x[i] = x;
    packed.y[i] = y;
    packed.z[i] = z;
    packed.vibes[i] = vibes;
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
    box.minZ = Math.min(box.minZ, z);
    box.maxZ = Math.max(box.maxZ, z);
    if (vibes === -1) unbitted.push(i);
    else for (let bit = 0; bit < MAX_VIBE_BITS; bit++) if (vibes & (1 << bit)) (lists[bit] ??= []).push(i);
  }
  for (let bit = 0; bit < MAX_VIBE_BITS; bit++)
    packed.byVibe[bit] = lists[bit] ? Int32Array.from(lists[bit]) : NO_POSITIONS;
  if (unbitted.length) packed.unbitted = Int32Array.from(unbitted);
  cell.packed = packed;
  cell.slots = null;
  return packed;
}

/**
 * The nearest `limit` venues seen so far, as a max-heap on (chord, id): its top is the one to
 * drop first. Venues tie on distance in the data (one address, several venues); the smaller id
 * goes first, as in the SQL's ORDER BY.
 */
class NearestHeap {
  chords = new Float64Array(256);
  slots = new Int32Array(256);
  ids: Int32Array = new Int32Array(0);
  size = 0;
  limit = 0;

  reset(limit: number, ids: Int32Array) {
    if (this.chords.length < limit) {
      this.chords = new Float64Array(limit);
      this.slots = new Int32Array(limit);
    }
    this.ids = ids;
    this.size = 0;
    this.limit = limit;
  }
  /** The farthest chord kept, once the heap is full (Infinity until then). */
  get bound(): number {
    return this.size < this.limit ? Infinity : this.chords[0];
  }
  private above(i: number, j: number): boolean {
    const a = this.chords[i];
    const b = this.chords[j];
    return a > b || (a === b && this.ids[this.slots[i]] > this.ids[this.slots[j]]);
  }
  private swap(i: number, j: number) {
    const c = this.chords[i];
    this.chords[i] = this.chords[j];
    this.chords[j] = c;
    const s = this.slots[i];
    this.slots[i] = this.slots[j];
    this.slots[j] = s;
  }
  offer(slot: number, chord: number) {
    if (this.size < this.limit) {
      let i = this.size++;
      this.chords[i] = chord;
      this.slots[i] = slot;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.above(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const top = this.chords[0];
    if (chord > top || (chord === top && this.ids[slot] >= this.ids[this.slots[0]])) return;
    this.chords[0] = chord;
    this.slots[0] = slot;
    this.siftDown();
  }
  private siftDown() {
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let largest = i;
      if (l < this.size && this.above(l, largest)) largest = l;
      if (r < this.size && this.above(r, largest)) largest = r;
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }
  /** What it holds, nearest first (taken from the top, farthest first); then it holds nothing. */
  drain(store: VenueStore): CatalogHit[] {
    const out: CatalogHit[] = new Array(this.size);
    while (this.size > 0) {
      out[this.size - 1] = { venue: store.venue(this.slots[0]), meters: chordToMeters(this.chords[0]) };
      this.swap(0, --this.size);
      this.siftDown();
    }
    return out;
  }
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** ll_to_earth: the point on the cube extension's sphere. */
export function toEarth(latitude: number, longitude: number): [number, number, number] {
  const lat = rad(latitude);
  const lon = rad(longitude);
  return [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon),
    EARTH_RADIUS_M * Math.sin(lat),
  ];
}

/** earth_distance from a chord (the straight line through the sphere) to the great circle. */
function chordToMeters(chord: number): number {
  return chord >= 2 * EARTH_RADIUS_M
    ? Math.PI * EARTH_RADIUS_M
    : 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
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

/** Venues read per statement when everything is read (a batch's rows are garbage once stored). */
const READ_BATCH = 20_000;

export async function createVenueCatalog(
  db: Db,
  changes: ChangeFeed,
  opts: { onError?: (err: unknown) => void } = {},
): Promise<VenueCatalog> {
  /** The venues, and the grid of their slots; replaced together when everything is read again. */
  let store = new VenueStore();
  let cells = new Map<number, Cell>();
  // Scratch space of searches (one runs at a time: a search does not wait once it has begun).
  const nearest = new NearestHeap();
  const visits: { cell: Packed; minChord: number }[] = [];

  const cellOf = (s: VenueStore, slot: number) => cellKey(latCell(s.latitude[slot]), lonCell(s.longitude[slot]));
  const place = (s: VenueStore, grid: Map<number, Cell>, venue: StoredVenue) => {
    remove(s, grid, venue.id);
    const slot = s.put(venue);
    const key = cellOf(s, slot);
    const cell = grid.get(key);
    if (!cell) grid.set(key, { slots: [slot], packed: null });
    else {
      cell.slots ??= Array.from(cell.packed!.slots);
      cell.slots.push(slot);
      cell.packed = null;
    }
  };
  const remove = (s: VenueStore, grid: Map<number, Cell>, id: number) => {
    const slot = s.slotOf.get(id);
    if (slot === undefined) return;
    const key = cellOf(s, slot);
    s.delete(id);
    const cell = grid.get(key)!;
    cell.slots ??= Array.from(cell.packed!.slots);
    cell.slots.splice(cell.slots.indexOf(slot), 1);
    cell.packed = null;
    if (!cell.slots.length) grid.delete(key);
  };

  const read = async (ids: readonly number[] | null) => {
    if (ids) {
      const rows = await db.query<StoredVenue>(`SELECT ${VENUE_COLUMNS} FROM venues v WHERE v.id = ANY($1::int[])`, [
        ids,
      ]);
      const found = new Set<number>();
      for (const row of rows) {
        found.add(row.id);
        place(store, cells, row);
      }
      for (const id of ids) if (!found.has(id)) remove(store, cells, id);
      return;
    }
    // Everything, in batches by id, into a new store: searches go on over the old one until the
    // new one is whole. A change committed meanwhile is announced and read again after this.
    const next = new VenueStore();
    const grid = new Map<number, Cell>();
    for (let after = 0; ; ) {
      const rows = await db.query<StoredVenue>(
        `SELECT ${VENUE_COLUMNS} FROM venues v WHERE v.id > $1 ORDER BY v.id LIMIT $2`,
        [after, READ_BATCH],
      );
      for (const row of rows) place(next, grid, row);
      if (rows.length < READ_BATCH) break;
      after = rows[rows.length - 1].id;
    }
    store = next;
    cells = grid;
  };

  const { ready, stop } = await followChanges(changes, "venues", read, opts.onError);

  /** Calls `fn` with every occupied cell the circle can reach (and maybe a few more). */
  const forCellsAround = (latitude: number, longitude: number, radius: number, fn: (cell: Cell) => void) => {
    const area = cellsAround(latitude, longitude, radius);
    const wanted = (area.latTo - area.latFrom + 1) * (area.lon ? area.lon.to - area.lon.from + 1 : LON_CELLS);
    if (wanted > cells.size) {
      // a wide circle: every occupied cell is fewer to look at than the circle's cells
      for (const cell of cells.values()) fn(cell);
      return;
    }
    for (let la = area.latFrom; la <= area.latTo; la++) {
      const lonFrom = area.lon ? area.lon.from : 0;
      const lonTo = area.lon ? area.lon.to : LON_CELLS - 1;
      for (let lo = lonFrom; lo <= lonTo; lo++) {
        const cell = cells.get(cellKey(la, ((lo % LON_CELLS) + LON_CELLS) % LON_CELLS));
        if (cell) fn(cell);
      }
    }
  };

  /** What within() and scanCircle() read off a search: its centre on the earth and its filters. */
  const circleOf = (q: Omit<CatalogSearch, "limit">) => {
    const [cx, cy, cz] = toEarth(q.latitude, q.longitude);
    const radius = q.radiusMeters;
    // Within the radius exactly when the chord is at most this long. Well inside it (by a margin
    // far above rounding) no arc needs computing; near the edge the arc decides, as in the SQL.
    const maxChord =
      radius >= Math.PI * EARTH_RADIUS_M ? Infinity : 2 * EARTH_RADIUS_M * Math.sin(radius / (2 * EARTH_RADIUS_M));
    const wantVibes = q.vibes?.length ? q.vibes : null;
    // The wanted vibes' bits. A vibe without one is on no venue that has bits (every vibe of a
    // venue gets a bit while there are bits to give), so only venues without bits are compared
    // by name.
    const wantBits: number[] = [];
    let wantMask = 0;
    for (const v of wantVibes ?? []) {
      const bit = store.vibeBits.get(v);
      if (bit !== undefined && !wantBits.includes(bit)) {
        wantBits.push(bit);
        wantMask |= 1 << bit;
      }
    }
    // a category no venue has: -1, which no venue's category index is
    const category = q.category === undefined ? null : (store.categories.find(q.category) ?? -1);
    return {
      cx,
      cy,
      cz,
      wantVibes,
      wantBits,
      wantMask,
      category,
      openAt: q.openAt ?? null,
      openLateAt: q.openLateAt ?? null,
      radius,
      maxChord,
      surelyIn: maxChord * (1 - 1e-9),
    };
  };
  type Circle = ReturnType<typeof circleOf>;

  /** Whether a venue's opening hours pass the circle's filters of time (read after its position). */
  const hoursPass = (c: Circle, slot: number) =>
    (c.openAt === null || isOpenAt(store.openingHoursOf(slot), c.openAt)) &&
    (c.openLateAt === null || isOpenLate(store.openingHoursOf(slot), c.openLateAt));
  const hasWantedVibe = (c: Circle, slot: number) => {
    const vibes = store.detectedVibesOf(slot);
    return c.wantVibes!.some((v) => vibes.includes(v));
  };

  /** The reused view of a venue that best()'s score reads. */
  let factsSlot = 0;
  const facts: VenueFacts = {
    get id() {
      return store.ids[factsSlot];
    },
    get category() {
      return store.categories.values[store.category[factsSlot]];
    },
    get rating() {
      return store.ratingOf(factsSlot);
    },
    get review_count() {
      return store.reviewCountOf(factsSlot);
    },
    vibeScore: (vibe) => store.scoreOf(factsSlot, vibe),
  };

  /**
   * Calls `visit` with every venue inside the circle that passes the filters (vibes, category,
   * hours), in no particular order, with its chord; answers how many there were.
   */
  const scanCircle = async (
    q: Omit<CatalogSearch, "limit">,
    visit: (slot: number, chord: number) => void,
  ): Promise<number> => {
    await ready();
    const c = circleOf(q);
    const { cx, cy, cz, wantVibes, wantMask, radius, maxChord, surelyIn } = c;
    let n = 0;
    forCellsAround(q.latitude, q.longitude, radius, (cell) => {
      const p = cell.packed ?? pack(store, cell);
      if (chordToBox(p, cx, cy, cz) > maxChord) return;
      for (let i = 0; i < p.slots.length; i++) {
        const slot = p.slots[i];
        if (c.category !== null && store.category[slot] !== c.category) continue;
        if (wantVibes !== null) {
          const bits = p.vibes[i];
          const fits = bits === -1 ? hasWantedVibe(c, slot) : (bits & wantMask) !== 0;
          if (!fits) continue;
        }
        const dx = p.x[i] - cx;
        const dy = p.y[i] - cy;
        const dz = p.z[i] - cz;
        const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (chord > surelyIn && (chord > maxChord || chordToMeters(chord) > radius)) continue;
        if (!hoursPass(c, slot)) continue;
        n++;
        visit(slot, chord);
      }
    });
    return n;
  };

  return {
    get size() {
      return store.size;
    },
    async within(q) {
      // after a failed read, everything is read again first
      await ready();
      const c = circleOf(q);
      const { cx, cy, cz, wantVibes, wantBits, radius, maxChord, surelyIn } = c;
      if (q.limit <= 0) return [];
      nearest.reset(q.limit, store.ids);
      const take = (p: Packed, i: number) => {
        const slot = p.slots[i];
        if (c.category !== null && store.category[slot] !== c.category) return;
        const dx = p.x[i] - cx;
        const dy = p.y[i] - cy;
        const dz = p.z[i] - cz;
        const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (chord > nearest.bound) return;
        if (chord > surelyIn && (chord > maxChord || chordToMeters(chord) > radius)) return;
        if (!hoursPass(c, slot)) return;
        nearest.offer(slot, chord);
      };
      const scan = (p: Packed) => {
        if (wantVibes === null) {
          for (let i = 0; i < p.slots.length; i++) take(p, i);
          return;
        }
        // the venues listed under a wanted bit, each once (under the first of its bits wanted)
        let seen = 0;
        for (const bit of wantBits) {
          const at = p.byVibe[bit];
          for (let k = 0; k < at.length; k++) if ((p.vibes[at[k]] & seen) === 0) take(p, at[k]);
          seen |= 1 << bit;
        }
        for (let k = 0; k < p.unbitted.length; k++) {
          const i = p.unbitted[k];
          if (hasWantedVibe(c, p.slots[i])) take(p, i);
        }
      };
      // The cells that can hold venues inside the circle, nearest first.
      const visit = (cell: Cell) => {
        const p = cell.packed ?? pack(store, cell);
        const minChord = chordToBox(p, cx, cy, cz);
        if (minChord <= maxChord) visits.push({ cell: p, minChord });
      };
      forCellsAround(q.latitude, q.longitude, radius, visit);
      visits.sort((a, b) => a.minChord - b.minChord);
      // Once `limit` venues are held, a cell whose nearest point is farther than all of them has
      // nothing to give (a cell exactly as far may still have a tie with a smaller id).
      for (const { cell, minChord } of visits) {
        if (minChord > nearest.bound) break;
        scan(cell);
      }
      visits.length = 0;
      return nearest.drain(store);
    },
    count(q) {
      return scanCircle(q, () => {});
    },
    async best(q, score) {
      // a min-heap of the best `limit` so far: its top is the worst kept
      interface Kept {
        slot: number;
        id: number;
        meters: number;
        score: number;
      }
      const keep: Kept[] = [];
      const worse = (a: Kept, b: Kept) =>
        a.score < b.score || (a.score === b.score && (a.meters > b.meters || (a.meters === b.meters && a.id > b.id)));
      const up = (i: number) => {
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!worse(keep[i], keep[parent])) return;
          [keep[i], keep[parent]] = [keep[parent], keep[i]];
          i = parent;
        }
      };
      const down = (i: number) => {
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let w = i;
          if (l < keep.length && worse(keep[l], keep[w])) w = l;
          if (r < keep.length && worse(keep[r], keep[w])) w = r;
          if (w === i) return;
          [keep[i], keep[w]] = [keep[w], keep[i]];
          i = w;
        }
      };
      const ids = store.ids;
      const count = await scanCircle(q, (slot, chord) => {
        if (q.limit <= 0) return;
        const meters = chordToMeters(chord);
        factsSlot = slot;
        const item = { slot, id: ids[slot], meters, score: score(facts, meters) };
        if (keep.length < q.limit) {
          keep.push(item);
          up(keep.length - 1);
        } else if (worse(keep[0], item)) {
          keep[0] = item;
          down(0);
        }
      });
      keep.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
      return { hits: keep.map((k) => ({ venue: store.venue(k.slot), meters: k.meters })), count };
    },
    async byIds(ids) {
      await ready();
      const out = new Map<number, Readonly<StoredVenue>>();
      for (const id of ids) {
        const slot = store.slotOf.get(id);
        if (slot !== undefined) out.set(id, store.venue(slot));
      }
      return out;
    },
    async close() {
      stop();
    },
  };
}
