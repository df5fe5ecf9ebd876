/**
 * A friend group's mixed vibes: one ranked list from what each member shares.
 *
 * Every member has the same say: one unit of weight, split over their shared vibes — 60% over
 * their current selection and 40% over their preferred vibes (all of it to whichever list they
 * share when they share only one). A vibe's total is the sum over members.
 *
 * Fairness: nobody's vibes are ignored. Before the list is filled by total weight, each member's
 * own strongest vibe gets a place (members whose top vibe the group likes most go first), as long
 * as there are places. The result is then ordered by total weight, ties broken by how many members
 * share the vibe and then by name, so the same group always gets the same list.
 *
 * Never contradictory: a vibe that contradicts one already chosen (spec 9's pairs: Loud against
 * Quiet, Chill, Cozy and Romantic; Quiet against Energetic; Energetic against Chill) is skipped, so
 * the stronger side of a pair, by the order above, is the one kept. A member whose strongest vibe
 * loses that way gets a place for their strongest vibe that contradicts nothing chosen.
 */
import { contradicts } from "@shared/vibe-tags";

export interface SharedVibes {
  current: readonly string[];
  preferred: readonly string[];
}

export const MIXED_VIBES_MAX = 5;

export function blendGroupVibes(members: readonly SharedVibes[], max = MIXED_VIBES_MAX): string[] {
  const total = new Map<string, number>();
  const supporters = new Map<string, number>();
  const personalTop: { ranked: string[] }[] = [];

  for (const m of members) {
    const current = [...new Set(m.current)];
    const preferred = [...new Set(m.preferred)];
    const weights = new Map<string, number>();
    const share = (list: string[], part: number) => {
      for (const v of list) weights.set(v, (weights.get(v) ?? 0) + part / list.length);
    };
    if (current.length && preferred.length) {
      share(current, 0.6);
      share(preferred, 0.4);
    } else if (current.length) share(current, 1);
    else if (preferred.length) share(preferred, 1);
    else continue;
    for (const [v, w] of weights) {
      total.set(v, (total.get(v) ?? 0) + w);
      supporters.set(v, (supporters.get(v) ?? 0) + 1);
    }
    personalTop.push({ ranked: [...weights].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([v]) => v) });
  }

  const byGroup = (a: string, b: string) =>
    total.get(b)! - total.get(a)! || supporters.get(b)! - supporters.get(a)! || a.localeCompare(b);
  const chosen = new Set<string>();
  const fits = (vibe: string) => ![...chosen].some((c) => contradicts(c, vibe));
  // the strongest side of every contradictory pair the group holds, by the group's order
  const ordered = [...total.keys()].sort(byGroup);
  const allowed = new Set<string>();
  for (const vibe of ordered) if (![...allowed].some((a) => contradicts(a, vibe))) allowed.add(vibe);
  for (const { ranked } of [...personalTop].sort((a, b) => byGroup(a.ranked[0], b.ranked[0]))) {
    if (chosen.size >= max) break;
    const own = ranked.find((v) => allowed.has(v) && fits(v));
    if (own) chosen.add(own);
  }
  for (const vibe of ordered) {
    if (chosen.size >= max) break;
    if (allowed.has(vibe) && fits(vibe)) chosen.add(vibe);
  }
  return [...chosen].sort(byGroup);
}
