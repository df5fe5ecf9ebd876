import { NIGHT_ENDS_HOUR, VENUE_TIME_ZONE } from "@shared/vocabulary";
import { followChanges, type ChangeFeed } from "../db/changes";
import type { Db } from "../db/client";
import {
  BROADCAST_MAX_AGE_MIN,
  CHECKIN_MAX_AGE_MIN,
  liveVibe,
  sameLiveVibe,
  type Broadcast,
  type CheckIn,
  type LiveVibe,
} from "./crowd";

/**
 * The live inputs of every venue (its latest fresh broadcast, its recent check-ins), held in
 * memory by each instance: nearly every venue list shows live vibes, and reading them for 200
 * candidates on every search cost the database more than anything else in the load mix.
 *
 * Kept exact like the venue catalog: the triggers of migration 008 announce the venues whose
 * broadcasts or check-ins changed ("live"), and those venues are read again; a lost listening
 * connection reads everything again. A caller first waits for any reread under way. The instance
 * that writes a broadcast or check-in waits for its own change to be read (ChangeFeed.settle)
 * before answering.
 *
 * A venue's live vibe depends on the time (sources fade and expire); it is computed at most once
 * per LIVE_MEMO_MS per venue, so a busy venue costs one computation a second, not one per search,
 * and while it says the same the earlier object is kept, so its answer JSON is not made again.
 */
export interface LiveStore {
  /** The live vibes of these venues at `now` (only venues with fresh sources appear). */
  vibes(venueIds: readonly number[], now?: Date): Promise<Map<number, LiveVibe>>;
  /** Every venue's live vibe at `now` (the few venues with fresh sources): for a ranking over a whole radius. */
  all(now?: Date): Promise<Map<number, LiveVibe>>;
  close(): void;
}

/**
 * The end of the night a broadcast was sent in (`created_at`): the next NIGHT_ENDS_HOUR (4 AM) on
 * the venues' wall clock, the same night's when sent between midnight and 4 AM. PostgreSQL's time
 * zone rules make it exact across daylight-saving changes. "Live music tonight" holds until then
 * (or until the broadcast is stale, if sooner).
 */
export const LIVE_MUSIC_UNTIL_SQL = `((date_trunc('day', (created_at AT TIME ZONE '${VENUE_TIME_ZONE}')
    - make_interval(hours => ${NIGHT_ENDS_HOUR})) + make_interval(days => 1, hours => ${NIGHT_ENDS_HOUR}))
    AT TIME ZONE '${VENUE_TIME_ZONE}')`;

/** How long a computed live vibe is reused. */
export const LIVE_MEMO_MS = 1000;

interface Inputs {
  broadcast: Broadcast | null;
  checkIns: CheckIn[];
  memo: { at: number; live: LiveVibe | null } | null;
}

export async function createLiveStore(
  db: Db,
  changes: ChangeFeed,
  opts: { onError?: (err: unknown) => void } = {},
): Promise<LiveStore> {
  const byVenue = new Map<number, Inputs>();

  const read = async (ids: number[] | null) => {
    const now = new Date();
    const where = ids ? "AND venue_id = ANY($3::int[])" : "";
    const params = (mins: number) => (ids ? [now, mins, ids] : [now, mins]);
    const [updates, checkIns] = await Promise.all([
      db.query<{
        venue_id: number;
        capacity_status: Broadcast["capacityStatus"];
        noise_level: Broadcast["noiseLevel"];
        current_vibes: string[];
        special_notes: string | null;
        is_open: boolean;
        live_music_until: Date | null;
        created_at: Date;
      }>(
        `SELECT DISTINCT ON (venue_id) venue_id, capacity_status, noise_level, current_vibes, special_notes, is_open,
          CASE WHEN live_music THEN ${LIVE_MUSIC_UNTIL_SQL} END AS live_music_until, created_at
           FROM venue_updates WHERE created_at > $1::timestamptz - make_interval(mins => $2) ${where}
          ORDER BY venue_id, created_at DESC`,
        params(BROADCAST_MAX_AGE_MIN),
      ),
      db.query<{ venue_id: number; vibes: string[]; created_at: Date }>(
        `SELECT venue_id, vibes, created_at FROM posts
          WHERE venue_id IS NOT NULL AND created_at > $1::timestamptz - make_interval(mins => $2) ${where}`,
        params(CHECKIN_MAX_AGE_MIN),
      ),
    ]);
    if (ids) for (const id of ids) byVenue.delete(id);
    else byVenue.clear();
    const entry = (id: number) =>
      byVenue.get(id) ?? byVenue.set(id, { broadcast: null, checkIns: [], memo: null }).get(id)!;
    for (const u of updates) {
      entry(u.venue_id).broadcast = {
        capacityStatus: u.capacity_status,
        noiseLevel: u.noise_level,
        currentVibes: u.current_vibes,
        specialNotes: u.special_notes,
        isOpen: u.is_open,
        liveMusicUntil: u.live_music_until === null ? null : new Date(u.live_music_until),
        createdAt: new Date(u.created_at),
      };
    }
    for (const c of checkIns) entry(c.venue_id).checkIns.push({ vibes: c.vibes, createdAt: new Date(c.created_at) });
  };

  const { ready, stop } = await followChanges(changes, "live", read, opts.onError);

  // Sources age out: now and then, drop what can no longer count.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, inputs] of byVenue) {
      inputs.checkIns = inputs.checkIns.filter((c) => now - c.createdAt.getTime() <= CHECKIN_MAX_AGE_MIN * 60_000);
      if (inputs.broadcast && now - inputs.broadcast.createdAt.getTime() > BROADCAST_MAX_AGE_MIN * 60_000)
        inputs.broadcast = null;
      if (!inputs.broadcast && !inputs.checkIns.length) byVenue.delete(id);
    }
  }, 60_000);
  sweep.unref();

  const store: LiveStore = {
    async all(now = new Date()) {
      await ready();
      return store.vibes([...byVenue.keys()], now);
    },
    async vibes(venueIds, now = new Date()) {
      await ready();
      const out = new Map<number, LiveVibe>();
      const t = now.getTime();
      for (const id of venueIds) {
        const inputs = byVenue.get(id);
        if (!inputs) continue;
        if (!inputs.memo || Math.abs(t - inputs.memo.at) >= LIVE_MEMO_MS) {
          const live = liveVibe(inputs.broadcast, inputs.checkIns, now);
          // the same as a second ago: keep that one (and what was made from it, its JSON say)
          inputs.memo = { at: t, live: inputs.memo && sameLiveVibe(inputs.memo.live, live) ? inputs.memo.live : live };
        }
        if (inputs.memo.live) out.set(id, inputs.memo.live);
      }
      return out;
    },
    close() {
      stop();
      clearInterval(sweep);
    },
  };
  return store;
}
