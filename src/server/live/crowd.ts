import { contradicts } from "@shared/vibe-tags";
import { BROADCAST_FRESH_MIN } from "@shared/vocabulary";
import type { LatestUpdate } from "@shared/contracts/venues";

/**
 * A venue's live vibe: the owner's latest broadcast blended with the vibes of recent check-ins
 * (posts that name the venue), each weighted by how fresh it is.
 *
 * - Broadcast: weight 3 × 0.5^(age / 90 min); ignored after 4 hours. Its capacity, noise, open
 *   state and notes are shown while it is that fresh.
 * - Check-in: weight 1 × 0.5^(age / 45 min) (a half-life of 45 minutes, so a check-in has faded to
 *   a sixth after two hours); ignored after 3 hours.
 * - Each source gives its full weight to every vibe it names. A vibe's live score is the weight
 *   naming it divided by all the weight (0..1). The current vibes are the three strongest scoring
 *   at least 0.25, skipping a vibe that contradicts a stronger one.
 * - "Live music tonight" (issue 26): a fresh broadcast that announces it names Live Music too, and
 *   Live Music leads its current vibes; the venue counts as Live Music in a match (liveClaims), as
 *   the owner's claim. It lasts while the broadcast is fresh (4 hours at most) and never past the
 *   night's end (4 AM on the venues' wall clock, `liveMusicUntil`), and ends at once when the owner
 *   broadcasts again without it (docs/live.md).
 */
export const BROADCAST_HALF_LIFE_MIN = 90;
export const BROADCAST_MAX_AGE_MIN = BROADCAST_FRESH_MIN;
export const BROADCAST_WEIGHT = 3;
export const CHECKIN_HALF_LIFE_MIN = 45;
export const CHECKIN_MAX_AGE_MIN = 180;
export const LIVE_VIBE_MIN = 0.25;
export const LIVE_VIBES_MAX = 3;
/** The vibe an owner's "Live music tonight" announces. */
export const LIVE_MUSIC = "Live Music";
/** Why a venue announced as having live music counts as Live Music ("Why these vibes?"). */
export const LIVE_MUSIC_EVIDENCE = "The owner announced live music tonight";

export interface Broadcast {
  capacityStatus: "Empty" | "Moderate" | "Full";
  noiseLevel: "Quiet" | "Conversational" | "Loud";
  currentVibes: string[];
  specialNotes: string | null;
  isOpen: boolean;
  /**
   * "Live music tonight": until when it holds (the end of the night it was sent in, 4 AM on the
   * venues' wall clock: live/store.ts reads it so); null or absent when not announced.
   */
  liveMusicUntil?: Date | null;
  createdAt: Date;
}

export interface CheckIn {
  vibes: string[];
  createdAt: Date;
}

export interface LiveVibe {
  /** 0..1 per vibe, from fresh sources only (a Map: looked up for every candidate of a search). */
  scores: ReadonlyMap<string, number>;
  currentVibes: string[];
  broadcast: Broadcast | null;
  /** The fresh broadcast announces live music tonight, and tonight is not over. */
  liveMusic: boolean;
  checkIns: number;
  /** The newest fresh source's time. */
  updatedAt: Date;
}

const minutes = (now: Date, then: Date) => Math.max(0, (now.getTime() - then.getTime()) / 60_000);
const decay = (ageMin: number, halfLife: number) => 0.5 ** (ageMin / halfLife);

/** The live vibe at `now`, or null when nothing is fresh. */
export function liveVibe(broadcast: Broadcast | null, checkIns: readonly CheckIn[], now = new Date()): LiveVibe | null {
  const fresh = broadcast && minutes(now, broadcast.createdAt) <= BROADCAST_MAX_AGE_MIN ? broadcast : null;
  const recent = checkIns.filter((c) => minutes(now, c.createdAt) <= CHECKIN_MAX_AGE_MIN);
  if (!fresh && !recent.length) return null;

  const weights = new Map<string, number>();
  let total = 0;
  const add = (vibes: readonly string[], w: number) => {
    total += w;
    for (const v of new Set(vibes)) weights.set(v, (weights.get(v) ?? 0) + w);
  };
  const until = fresh?.liveMusicUntil;
  const announced = !!until && now.getTime() < until.getTime();
  if (fresh)
    add(
      announced ? [...fresh.currentVibes, LIVE_MUSIC] : fresh.currentVibes,
      BROADCAST_WEIGHT * decay(minutes(now, fresh.createdAt), BROADCAST_HALF_LIFE_MIN),
    );
  for (const c of recent) add(c.vibes, decay(minutes(now, c.createdAt), CHECKIN_HALF_LIFE_MIN));

  const scores = new Map<string, number>();
  for (const [v, w] of weights) scores.set(v, Math.round((w / total) * 100) / 100);
  const ranked = [...scores]
    .filter(([, s]) => s >= LIVE_VIBE_MIN)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  // the owner's announcement leads: it is what a person looking for live music tonight asks
  const currentVibes: string[] = announced ? [LIVE_MUSIC] : [];
  for (const [v] of ranked) {
    if (currentVibes.length >= LIVE_VIBES_MAX) break;
    if (!currentVibes.some((c) => c === v || contradicts(c, v))) currentVibes.push(v);
  }
  const times = [...(fresh ? [fresh.createdAt] : []), ...recent.map((c) => c.createdAt)];
  return {
    scores,
    currentVibes,
    broadcast: fresh,
    liveMusic: announced,
    checkIns: recent.length,
    updatedAt: new Date(Math.max(...times.map((t) => t.getTime()))),
  };
}

/**
 * True when two live vibes say the same: the same sources and the same rounded scores and current
 * vibes (a live vibe computed a second later usually is: sources fade over many minutes).
 */
export function sameLiveVibe(a: LiveVibe | null, b: LiveVibe | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  if (
    a.broadcast !== b.broadcast ||
    a.liveMusic !== b.liveMusic ||
    a.checkIns !== b.checkIns ||
    a.updatedAt.getTime() !== b.updatedAt.getTime()
  )
    return false;
  if (a.currentVibes.length !== b.currentVibes.length || a.currentVibes.some((v, i) => v !== b.currentVibes[i]))
    return false;
  if (a.scores.size !== b.scores.size) return false;
  for (const [v, score] of a.scores) if (b.scores.get(v) !== score) return false;
  return true;
}

/**
 * How a live vibe moves a venue's fit for a vibe search while it is fresh: the live score counts
 * for 40% of the fit for the chosen vibes (60% the venue's standing vibes).
 */
export function liveFit(staticFit: number, live: LiveVibe | null, vibes: readonly string[]): number {
  if (!live || !vibes.length) return staticFit;
  let liveScore = 0;
  for (const v of vibes) liveScore = Math.max(liveScore, live.scores.get(v) ?? 0);
  return Math.round((0.6 * staticFit + 0.4 * liveScore) * 100) / 100;
}

/**
 * The venues whose fresh broadcast announces live music (liveVibe), when `vibes` asks for Live
 * Music: they count as Live Music in a match while it lasts (venues/catalog.ts `claimed`), on every
 * instance, since each instance's live store follows the broadcasts (live/store.ts).
 */
export function liveClaims(live: ReadonlyMap<number, LiveVibe>, vibes: readonly string[]): number[] {
  if (!vibes.includes(LIVE_MUSIC)) return [];
  const ids: number[] = [];
  for (const [id, l] of live) if (l.liveMusic) ids.push(id);
  return ids;
}

/**
 * The live signal as evidence for "Why these vibes?": per vibe the live vibe gives (at least
 * LIVE_VIBE_MIN), who says so now. While fresh it is 40% of a match's fit for that vibe (liveFit).
 */
export function liveEvidence(live: LiveVibe | null): Record<string, { source: "live" | "owner"; detail: string }[]> {
  const out: Record<string, { source: "live" | "owner"; detail: string }[]> = {};
  if (!live) return out;
  const who = [
    live.broadcast ? "the venue's owner" : null,
    live.checkIns ? plural(live.checkIns, "recent check-in") : null,
  ]
    .filter(Boolean)
    .join(" and ");
  for (const [vibe, score] of live.scores)
    if (score >= LIVE_VIBE_MIN) out[vibe] = [{ source: "live", detail: `Said live by ${who}` }];
  // the owner's claim, said as theirs, first; check-ins naming Live Music too follow it
  if (live.liveMusic)
    out[LIVE_MUSIC] = [
      { source: "owner", detail: LIVE_MUSIC_EVIDENCE },
      ...(live.checkIns ? (out[LIVE_MUSIC] ?? []) : []),
    ];
  return out;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The LatestUpdate of spec section 3, from a live vibe. */
export function presentLatestUpdate(live: LiveVibe): LatestUpdate {
  const b = live.broadcast;
  const sources = [b ? "the venue" : null, live.checkIns ? plural(live.checkIns, "recent check-in") : null].filter(
    Boolean,
  );
  return {
    capacityStatus: b?.capacityStatus ?? null,
    noiseLevel: b?.noiseLevel ?? null,
    isOpen: b?.isOpen ?? null,
    statusMessage: `Live from ${sources.join(" and ")}`,
    specialNotes: b?.specialNotes ?? null,
    currentVibes: live.currentVibes,
    createdAt: live.updatedAt.toISOString(),
    reviewAuthor: null,
    reviewRating: null,
    reviewTime: null,
  };
}
