/**
 * Venues anywhere: when a search lands where VIBE knows few venues and a venue source is
 * configured, the area is fetched in the background through the venue sync (venues/sync.ts), and
 * the search's answer says so (the route sets `X-Venues-Fetching: true`) until it is done; the
 * page polls and fills in. docs/venue-sync.md, "Areas VIBE knows little about".
 *
 * - Area: the search point rounded to a grid cell of AREA_CELL_DEG degrees; the fetch is a circle
 *   around the cell's centre that covers the cell, and keeps at most `maxPlaces` places per
 *   source (the nearest to the centre).
 * - Once per area across instances: a row of `area_fetches` per cell, claimed by an upsert that
 *   only goes through when the cell is due (never fetched, failed and due again, or a lease run out).
 * - Rate: one fetch at a time per instance, at most `maxPerHour` started per instance and hour.
 * - Failures are logged and the cell is due again after a delay that doubles per failed attempt.
 */
import type { Db } from "../db/client";
import { haversineMeters } from "../db/earth";
import type { SourcePlace, VenueSource } from "../providers/venue-source";
import type { VenueTextAnalyzer } from "../vibes/blend";
import type { VenueCatalog } from "./catalog";
import { syncVenues, type SyncLog } from "./sync";
import type { PhotoAnalyzer } from "./sync-photos";

/** Grid cells of this many degrees (about 5.5 km north-south). */
export const AREA_CELL_DEG = 0.05;

export interface AreaFetchOptions {
  db: Db;
  catalog: Pick<VenueCatalog, "within">;
  /** The configured venue sources (built per fetch, as the admin sync does); empty: fetching is off. */
  sources: () => VenueSource[];
  log: SyncLog & { error(obj: object, msg?: string): void };
  /** The venue-level text analyzer (analyzeVenueTexts); none: texts are not read. */
  analyzeTexts?: VenueTextAnalyzer;
  /** Reads a photo into the blend (bounded per sync, sync-photos.ts); none: photos are not read. */
  analyzePhoto?: PhotoAnalyzer;
  /** Resolves once this instance has read the changes committed so far (the catalog has the new venues). */
  settle?: () => Promise<void>;
  /** Deadline of each source (SYNC_TIMEOUT_MS). */
  timeoutMs: number;
  /** Fewer venues than this within `radiusMeters` of the search point: the area is fetched. Default 10. */
  minVenues?: number;
  /**
   * Radius of the fetch around the cell's centre. Default 4000 m (covers the cell's corners up to 45 degrees of
   * latitude; farther north cells are narrower).
   */
  radiusMeters?: number;
  /** Places kept per source and fetch. Default 2000. */
  maxPlaces?: number;
  /** Fetches started per instance and hour. Default 30. */
  maxPerHour?: number;
  /** Wait after a first failure; doubles per failed attempt, at most retryMaxMs. Default 60 s. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A done cell is fetched again after this long. Default 30 days. */
  refreshMs?: number;
  /** How long an answer about a cell is kept in memory: 60 s for a known area, 2 s while fetching. */
  knownTtlMs?: number;
  fetchingTtlMs?: number;
  now?: () => number;
}

/** The knobs of AreaFetchOptions that are not wiring. */
export type AreaFetchTuning = Partial<
  Pick<
    AreaFetchOptions,
    | "minVenues"
    | "radiusMeters"
    | "maxPlaces"
    | "maxPerHour"
    | "retryBaseMs"
    | "retryMaxMs"
    | "refreshMs"
    | "knownTtlMs"
    | "fetchingTtlMs"
  >
>;

export interface AreaFetcher {
  /**
   * Whether the area around the point is being fetched now; starts a fetch when it is due, few
   * venues are known there and the rate allows. Never throws (a failure is logged: false).
   */
  check(latitude: number, longitude: number): Promise<boolean>;
  /** Resolves once the fetches started so far have finished (tests). */
  idle(): Promise<void>;
  /** Waits for a running fetch and starts no more. */
  close(): Promise<void>;
}

export interface AreaCell {
  key: string;
  latitude: number;
  longitude: number;
}

/** The grid cell of a point: its key ("37.775,-122.425", the centre to 6 decimals) and centre. */
export function areaCell(latitude: number, longitude: number, deg = AREA_CELL_DEG): AreaCell {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const lat = round((Math.floor(latitude / deg) + 0.5) * deg);
  const lng = round((Math.floor(longitude / deg) + 0.5) * deg);
  return { key: `${lat.toFixed(6)},${lng.toFixed(6)}`, latitude: lat, longitude: lng };
}

/** A source that keeps only the `max` places of its answer nearest to the centre. */
function bounded(source: VenueSource, max: number): VenueSource {
  return {
    ...source,
    available: () => source.available(),
    unavailableReason: source.unavailableReason ? () => source.unavailableReason!() : undefined,
    async fetchNearby(lat, lng, radius, signal) {
      const places = await source.fetchNearby(lat, lng, radius, signal);
      if (places.length <= max) return places;
      const d = (p: SourcePlace) => haversineMeters(lat, lng, p.latitude, p.longitude);
      return places
        .map((p) => ({ p, d: d(p) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, max)
        .map((x) => x.p);
    },
    fromStored: (data) => source.fromStored(data),
  };
}

export function createAreaFetcher(opts: AreaFetchOptions): AreaFetcher {
  const minVenues = opts.minVenues ?? 10;
  const radius = opts.radiusMeters ?? 4000;
  const maxPlaces = opts.maxPlaces ?? 2000;
  const maxPerHour = opts.maxPerHour ?? 30;
  const retryBase = opts.retryBaseMs ?? 60_000;
  const retryMax = opts.retryMaxMs ?? 3_600_000;
  const refresh = opts.refreshMs ?? 30 * 86_400_000;
  const knownTtl = opts.knownTtlMs ?? 60_000;
  const fetchingTtl = opts.fetchingTtlMs ?? 2000;
  // a fetch that takes longer than every source's deadline twice over has died with its instance
  const lease = 2 * opts.timeoutMs + 60_000;
  const now = opts.now ?? Date.now;

  /** What is known of a cell, until `until`. */
  const memo = new Map<string, { fetching: boolean; until: number }>();
  const started: number[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  const remember = (key: string, fetching: boolean) => {
    if (memo.size > 10_000) memo.clear();
    memo.set(key, { fetching, until: now() + (fetching ? fetchingTtl : knownTtl) });
    return fetching;
  };

  async function run(cell: AreaCell, sources: VenueSource[]) {
    const area = { latitude: cell.latitude, longitude: cell.longitude, radius };
    try {
      const result = await syncVenues(
        opts.db,
        sources.map((s) => bounded(s, maxPlaces)),
        area,
        opts.log,
        { timeoutMs: opts.timeoutMs, analyzeTexts: opts.analyzeTexts, analyzePhoto: opts.analyzePhoto },
      );
      // this instance's searches find the new venues before they hear that the fetch is over
      await opts.settle?.();
      await opts.db.query(
        `UPDATE area_fetches SET status = 'done', finished_at = now(), added = $2, error = NULL,
           next_attempt_at = now() + $3 * interval '1 millisecond'
         WHERE cell = $1`,
        [cell.key, result.added, refresh],
      );
      opts.log.info({ cell: cell.key, added: result.added, updated: result.updated }, "area fetched");
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      opts.log.warn({ cell: cell.key, err: message }, "area fetch failed; it will be tried again later");
      await opts.db
        .query(
          `UPDATE area_fetches SET status = 'failed', finished_at = now(), error = $2,
             next_attempt_at = now() + least($3::double precision * power(2, greatest(attempts - 1, 0)),
               $4::double precision) * interval '1 millisecond'
           WHERE cell = $1`,
          [cell.key, message.slice(0, 500), retryBase, retryMax],
        )
        .catch((e) => opts.log.error({ cell: cell.key, err: e }, "could not record the failed area fetch"));
    } finally {
      memo.delete(cell.key);
    }
  }

  /** Claims the cell when it is due (atomic across instances); true when this instance got it. */
  async function claim(cell: AreaCell): Promise<boolean> {
    const rows = await opts.db.query(
      `INSERT INTO area_fetches (cell, latitude, longitude, radius, status, attempts, started_at, next_attempt_at)
       VALUES ($1, $2, $3, $4, 'fetching', 1, now(), now() + $5 * interval '1 millisecond')
       ON CONFLICT (cell) DO UPDATE SET status = 'fetching', attempts = area_fetches.attempts + 1, started_at = now(),
         radius = EXCLUDED.radius, next_attempt_at = EXCLUDED.next_attempt_at
        WHERE area_fetches.next_attempt_at <= now()
       RETURNING cell`,
      [cell.key, cell.latitude, cell.longitude, radius, lease],
    );
    return rows.length > 0;
  }

  async function check(latitude: number, longitude: number): Promise<boolean> {
    if (closed) return false;
    const cell = areaCell(latitude, longitude);
    const known = memo.get(cell.key);
    if (known && known.until > now()) return known.fetching;
    try {
      const near = await opts.catalog.within({ latitude, longitude, radiusMeters: radius, limit: minVenues });
      if (near.length >= minVenues) return remember(cell.key, false);
      const sources = opts.sources().filter((s) => s.available());
      if (!sources.length) return remember(cell.key, false);

      const t = now();
      while (started.length && started[0] <= t - 3_600_000) started.shift();
      if (!running && started.length < maxPerHour && (await claim(cell))) {
        started.push(t);
        const job = run(cell, sources);
        running = job.finally(() => {
          running = null;
        });
        return remember(cell.key, true);
      }
      const [row] = await opts.db.query<{ fetching: boolean }>(
        "SELECT status = 'fetching' AND next_attempt_at > now() AS fetching FROM area_fetches WHERE cell = $1",
        [cell.key],
      );
      return remember(cell.key, !!row?.fetching);
    } catch (err) {
      opts.log.error({ cell: cell.key, err }, "could not check whether the area needs fetching");
      return false;
    }
  }

  return {
    check,
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      while (running) await running;
    },
  };
}
