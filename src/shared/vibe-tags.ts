import { CONTRADICTORY_VIBES, LIMITS, VIBE_TAG_MIN_SCORE } from "./vocabulary";

/** True when two vibes contradict each other (spec 9, read both ways). */
export function contradicts(a: string, b: string): boolean {
  return (CONTRADICTORY_VIBES[a]?.includes(b) ?? false) || (CONTRADICTORY_VIBES[b]?.includes(a) ?? false);
}

/** The first contradictory pair in a list of vibes, as [earlier, later], or null (spec 9's pairs). */
export function contradictoryPair(vibes: readonly string[]): [string, string] | null {
  for (let i = 0; i < vibes.length; i++)
    for (let j = i + 1; j < vibes.length; j++) if (contradicts(vibes[i]!, vibes[j]!)) return [vibes[i]!, vibes[j]!];
  return null;
}

/** Why a broadcast cannot say both (issue 26): the same words on the form and from the server. */
export const contradictionMessage = (a: string, b: string) => `${a} and ${b} contradict each other: choose one of them`;

/**
 * The vibe tags a venue card shows (spec 9): vibes scoring at least 0.2, strongest first, at most
 * three, skipping any vibe that contradicts one already shown. Ties go alphabetically so the
 * same venue always shows the same tags.
 */
export function vibeTags(
  scores: Record<string, number> | null | undefined,
  max: number = LIMITS.cardVibeTags,
): string[] {
  const ranked = Object.entries(scores ?? {})
    .filter(([, s]) => typeof s === "number" && s >= VIBE_TAG_MIN_SCORE)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const shown: string[] = [];
  for (const [vibe] of ranked) {
    if (shown.length >= max) break;
    if (shown.some((s) => contradicts(s, vibe))) continue;
    shown.push(vibe);
  }
  return shown;
}
