import type { Venue } from "@shared/contracts/venues";

/**
 * Issue 25: a match's list in parts. Confirmed matches first, then the likely ones ("Likely
 * Romantic — not confirmed yet"); in each, venues open now (or opening within the hour), then those
 * whose hours are unknown, then the closed ones, as the server ranks them (docs/discovery.md, "Time
 * counts"). A likely venue that a vote has just confirmed (its detected vibes now hold the vibe)
 * counts as confirmed.
 */
export type Tier = 0 | 1 | 2;
type Listed = Pick<Venue, "openStatus" | "likely" | "detectedVibes">;

/** 0 open now or within the hour, 1 hours unknown, 2 closed. */
export function tierOf(v: Pick<Venue, "openStatus">): Tier {
  const s = v.openStatus;
  return s === null ? 1 : s.open || s.soon ? 0 : 2;
}

/** The venue's likely vibe and why, unless it is confirmed for it now. */
export function likelyOf(v: Pick<Venue, "likely" | "detectedVibes">): Venue["likely"] | null {
  return v.likely && !v.detectedVibes.includes(v.likely.vibe) ? v.likely : null;
}

/** What goes before a venue of the list: a divider, when it starts a part. */
export type Divider = "likely" | "unknown" | "closed";

/**
 * The dividers of a list ordered by time (dividers[i] goes before venues[i], or null): "likely"
 * where the likely part starts; "unknown" and "closed" where those tiers start inside a part (the
 * list's first venue included, when nothing open comes before it).
 */
export function dividersOf(venues: readonly Listed[]): (Divider | null)[] {
  return venues.map((v, i) => {
    const likely = likelyOf(v) !== null;
    const t = tierOf(v);
    const prev = i > 0 ? venues[i - 1] : null;
    if (likely && (prev === null || likelyOf(prev) === null)) return "likely";
    const before = prev === null ? 0 : tierOf(prev);
    if (t > before) return t === 1 ? "unknown" : "closed";
    return null;
  });
}

/**
 * The order of a list sorted on the client (sort-venues.ts) when the server ranked it by time:
 * confirmed before likely, then by tier; `then` breaks ties (distance, or the server's order).
 */
export function byPartAndTier(a: Listed, b: Listed): number {
  const pa = likelyOf(a) ? 1 : 0;
  const pb = likelyOf(b) ? 1 : 0;
  return pa - pb || tierOf(a) - tierOf(b);
}
