import type { VenueDetails } from "@shared/contracts/venues";

/** How many reasons "Why these vibes?" lists per vibe. */
export const VIBE_REASONS_SHOWN = 3;

export interface VibeReasons {
  vibe: string;
  reasons: string[];
}

/**
 * The reasons behind each shown vibe, strongest first (the server's order), at most three each,
 * without repeats; vibes with no evidence (e.g. only broadcast live by the owner) are left out.
 */
export function vibeReasons(
  vibes: readonly string[],
  evidence: VenueDetails["vibeEvidence"] | null | undefined,
  max = VIBE_REASONS_SHOWN,
): VibeReasons[] {
  if (!evidence) return [];
  return vibes
    .map((vibe) => {
      const details = (evidence[vibe] ?? []).map((e) => e.detail.trim()).filter(Boolean);
      return { vibe, reasons: [...new Set(details)].slice(0, max) };
    })
    .filter((entry) => entry.reasons.length > 0);
}
