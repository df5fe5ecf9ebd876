import { randomUUID } from "node:crypto";
import type { Db } from "./client";

/**
 * What changed in the database, as the triggers of migration 008 announce it on the
 * 'vibe_changes' channel: for each kind, the changed ids, or "*" for everything of that kind.
 * Instances use it to keep in-memory copies (the venue catalog, recently seen sessions) exact,
 * and hear of venues queued for a new blend ("reblend", migration 020: an account deleted).
 *
 * One listening connection serves every kind. When that connection was lost and is back,
 * changes may have been missed: every handler then hears "*".
 */
export type ChangeKind = "venues" | "users" | "live" | "favorites" | "reblend";
export type Changed = readonly string[] | "*";

export interface ChangeFeed {
  /** Calls `handler` with each change of `kind`; returns a function that stops. */
  on(kind: ChangeKind, handler: (changed: Changed) => void | Promise<void>): () => void;
  /**
   * Resolves once every change committed before the call has been handled here (and what the
   * handlers started for it is done): a marker sent through the same channel comes back after
   * them, as notifications arrive in commit order.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export const CHANGES_CHANNEL = "vibe_changes";

/**
 * The most ids a change may name once its runs are written out; past it, the change is read as
 * everything ("*"), as reading that many by id would cost about what reading everything does.
 */
export const MAX_CHANGED_IDS = 250_000;

/**
 * '<kind>:<ids>' or '<kind>:*' into its parts; null for anything else. An id list may hold runs of
 * consecutive integer ids, 'first..last' (migration 029: a big change, a sync's venues), written
 * out here.
 */
export function parseChange(payload: string): { kind: string; changed: Changed } | null {
  const colon = payload.indexOf(":");
  if (colon <= 0) return null;
  const kind = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (rest === "*") return { kind, changed: "*" };
  const ids: string[] = [];
  for (const part of rest.split(",")) {
    if (!part.includes("..")) {
      if (part) ids.push(part);
      continue;
    }
    const run = /^(\d{1,15})\.\.(\d{1,15})$/.exec(part);
    const first = run ? Number(run[1]) : 1;
    const last = run ? Number(run[2]) : 0;
    // a run not understood, or too long to write out: everything, so no change is missed
    if (last < first || ids.length + (last - first + 1) > MAX_CHANGED_IDS) return { kind, changed: "*" };
    for (let id = first; id <= last; id++) ids.push(String(id));
  }
  return { kind, changed: ids };
}

export async function createChangeFeed(db: Db, opts: { onError?: (err: unknown) => void } = {}): Promise<ChangeFeed> {
  const handlers = new Map<string, Set<(changed: Changed) => void | Promise<void>>>();
  const markers = new Map<string, () => void>();
  const inFlight = new Set<Promise<void>>();
  const deliver = (kind: string, changed: Changed) => {
    for (const handler of handlers.get(kind) ?? []) {
      try {
        const done = handler(changed);
        if (done) {
          const tracked = done.catch((err) => opts.onError?.(err)).finally(() => inFlight.delete(tracked));
          inFlight.add(tracked);
        }
      } catch (err) {
        opts.onError?.(err);
      }
    }
  };
  const stop = await db.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (!change) return;
      if (change.kind === "settle" && change.changed !== "*") markers.get(change.changed[0])?.();
      else deliver(change.kind, change.changed);
    },
    () => {
      for (const kind of handlers.keys()) deliver(kind, "*");
      // A marker sent while the connection was away may never come back; everything is being
      // read again now, which is what a settle waits for (the rereads are in flight).
      for (const resolve of markers.values()) resolve();
    },
  );
  return {
    on(kind, handler) {
      const set = handlers.get(kind) ?? handlers.set(kind, new Set()).get(kind)!;
      set.add(handler);
      return () => void set.delete(handler);
    },
    async settle() {
      const marker = randomUUID();
      const back = new Promise<void>((resolve) => markers.set(marker, resolve));
      try {
        await db.query("SELECT pg_notify($1, $2)", [CHANGES_CHANNEL, `settle:${marker}`]);
        await back;
        await Promise.all([...inFlight]);
      } finally {
        markers.delete(marker);
      }
    },
    close: stop,
  };
}

/**
 * Rereads of an in-memory copy, run one after another in the order they were asked for, so an
 * older read can never overwrite a newer one. Ids asked for while one runs are read together by
 * the next; null means everything. A failed read is retried (as everything) by the next `ready`.
 */
export function serialRefresher(read: (ids: number[] | null) => Promise<void>, onError?: (err: unknown) => void) {
  let chain: Promise<void> = Promise.resolve();
  let pendingIds = new Set<number>();
  let pendingAll = false;
  let scheduled: Promise<void> | null = null;
  const request = (ids: readonly number[] | null): Promise<void> => {
    if (ids === null) pendingAll = true;
    else for (const id of ids) pendingIds.add(id);
    if (scheduled) return scheduled;
    const run = chain.then(async () => {
      scheduled = null;
      const all = pendingAll;
      const batch = [...pendingIds];
      pendingAll = false;
      pendingIds = new Set();
      if (all) await read(null);
      else if (batch.length) await read(batch);
    });
    scheduled = run;
    chain = run.catch((err) => {
      // the database is away: read everything again once it answers
      pendingAll = true;
      onError?.(err);
    });
    return run;
  };
  return {
    request,
    /**
     * For readers: resolves at once while the copy is whole; after a failed read, waits for
     * everything to be read again (and rejects if the database is still away). Rereads of single
     * changes are not waited for: a reader may see a change made on another instance a few
     * milliseconds late, never one this instance made (writers call `request` and wait).
     */
    async ready(): Promise<void> {
      if (pendingAll) await (scheduled ?? request(null));
    },
    /** A change from the feed: those ids, or everything (the feed's settle() waits for it). */
    onChange(changed: Changed): Promise<void> {
      const ids = changed === "*" ? null : changed.map(Number).filter(Number.isInteger);
      return request(ids).catch(() => {}); // reported by onError; the next reader retries
    },
  };
}

/**
 * An in-memory copy kept exact from the feed: read whole now, then reread by the ids that
 * changes of `kind` name. Resolves once the first read is done; `ready` is for readers.
 */
export async function followChanges(
  changes: ChangeFeed,
  kind: ChangeKind,
  read: (ids: number[] | null) => Promise<void>,
  onError?: (err: unknown) => void,
) {
  const refresher = serialRefresher(read, onError);
  const stop = changes.on(kind, refresher.onChange);
  try {
    await refresher.request(null);
  } catch (err) {
    stop();
    throw err;
  }
  return { ready: refresher.ready, stop };
}
