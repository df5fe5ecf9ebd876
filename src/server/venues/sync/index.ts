import type { SyncResult } from "@shared/contracts/admin";
import type { Db } from "../../db/client";
import { formatDuration, SourceError, type SourcePlace, type VenueSource } from "../../providers/venue-source";
import type { SourceStatus, SyncArea, SyncLog, SyncOptions } from "./types";
import { writeSourcePlaces } from "./write";

export type { SourceStatus, SyncArea, SyncLog, SyncOptions, SyncResult } from "./types";
export { groupPlaces, MERGE_DISTANCE_M, NAME_JACCARD_MIN, namesSimilar, nameTokens, samePlace } from "./match";
export { canonicalJson, mergeVenue, type ExistingVenue, type VenueFields } from "./merge";
export { MEMBER_REVIEW_TEXTS_READ, memberReviewTexts, reblendVenue, SYNC_BATCH_SIZE, writeSourcePlaces } from "./write";

/** Every available source failed: nothing was written. */
export class SyncFailedError extends Error {
  constructor(
    message: string,
    readonly sources: SourceStatus[],
  ) {
    super(message);
    this.name = "SyncFailedError";
  }
}

// ---------------------------------------------------------------------------------------------
// The sync

interface Fetched {
  source: VenueSource;
  places: SourcePlace[] | null;
  error: string | null;
}

async function fetchSource(source: VenueSource, area: SyncArea, timeoutMs: number): Promise<Fetched> {
  const ctl = new AbortController();
  const timedOut = () =>
    new SourceError(
      source.id,
      "timeout",
      `${source.name} is not responding (timed out after ${formatDuration(timeoutMs)})`,
    );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctl.abort(new DOMException("The sync deadline passed", "TimeoutError"));
      reject(timedOut());
    }, timeoutMs);
  });
  try {
    const places = await Promise.race([
      source.fetchNearby(area.latitude, area.longitude, area.radius, ctl.signal),
      deadline,
    ]);
    return { source, places: places.filter((p) => p.category !== null), error: null };
  } catch (err) {
    if (ctl.signal.aborted) return { source, places: null, error: timedOut().message };
    if (err instanceof SourceError) return { source, places: null, error: err.message };
    return { source, places: null, error: `${source.name} failed: ${(err as Error).message ?? String(err)}` };
  } finally {
    clearTimeout(timer);
    // calls still in flight (the rest of a failed sweep) are of no use any more
    if (!ctl.signal.aborted) ctl.abort(new DOMException("The source has answered", "AbortError"));
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const listNames = (names: string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/**
 * Syncs the venues around a point from the available sources (see the header). Throws
 * SyncFailedError, having written nothing, when every available source failed.
 */
export async function syncVenues(
  db: Db,
  sources: readonly VenueSource[],
  area: SyncArea,
  log: SyncLog,
  opts: SyncOptions = {},
): Promise<SyncResult> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const statuses: SourceStatus[] = [];
  const active = sources.filter((s) => s.available());
  for (const s of sources) {
    if (!s.available())
      statuses.push({
        id: s.id,
        name: s.name,
        status: "skipped",
        count: 0,
        detail: s.unavailableReason?.() ?? "not configured",
      });
  }
  const fetched = await Promise.all(active.map((s) => fetchSource(s, area, timeoutMs)));
  for (const f of fetched) {
    statuses.push(
      f.places
        ? { id: f.source.id, name: f.source.name, status: "ok", count: f.places.length }
        : { id: f.source.id, name: f.source.name, status: "failed", count: 0, error: f.error! },
    );
    if (f.error) log.warn({ source: f.source.id, error: f.error }, "venue source failed");
  }
  statuses.sort((a, b) => sources.findIndex((s) => s.id === a.id) - sources.findIndex((s) => s.id === b.id));
  const ok = fetched.filter((f) => f.places);
  const failed = fetched.filter((f) => !f.places);
  if (!ok.length) {
    const why = failed.length ? failed.map((f) => f.error).join("; ") : "no venue source is configured";
    throw new SyncFailedError(`Sync Failed: ${why}. Nothing was changed.`, statuses);
  }

  const counts = await writeSourcePlaces(
    db,
    ok.map((f) => f.places!),
    area,
    sources,
    opts,
    log,
  );

  const total = counts.added + counts.updated + counts.unchanged;
  let message =
    `Synced ${plural(total, "venue")} from ${listNames(ok.map((f) => f.source.name))}: ${counts.added} added, ` +
    `${counts.updated} updated, ${counts.unchanged} unchanged`;
  if (failed.length) message += `. Not synced: ${failed.map((f) => f.error).join("; ")}`;
  log.info({ ...counts, area, sources: statuses }, "venue sync done");
  return { message, ...counts, sources: statuses };
}
