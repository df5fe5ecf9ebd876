import { z } from "zod";
import { ALL_VIBES, VIBE_VOTES } from "../vocabulary";
import { externalIdParam } from "./venues";

/**
 * Crowd vibe votes (docs/vibe-votes.md): "What's the vibe here?", one Yes or No per person, venue
 * and vibe. Every answer of the three routes is the venue's `VenueVibeVotes`.
 */

const fold = (v: string) =>
  v
    .trim()
    .toLowerCase()
    .replace(/[-_\s]+/g, " ");
const BY_FOLDED = new Map(ALL_VIBES.map((v) => [fold(v), v]));

/** The vibe a path names, as the product spells it ("romantic", "Live%20Music", "live-music"), or null. */
export function vibeOfPath(text: string): string | null {
  return BY_FOLDED.get(fold(text)) ?? null;
}

/** PUT and DELETE /api/venues/:externalId/vibe-votes/:vibe */
export const vibeVoteParams = externalIdParam.extend({
  vibe: z
    .string()
    .max(60, VIBE_VOTES.unknownVibe)
    .transform((v, ctx) => {
      const vibe = vibeOfPath(v);
      if (vibe) return vibe;
      ctx.addIssue({ code: "custom", message: VIBE_VOTES.unknownVibe });
      return z.NEVER;
    }),
});

const answer = z.enum(VIBE_VOTES.answers, { error: VIBE_VOTES.badVote });

/** PUT /api/venues/:externalId/vibe-votes/:vibe: the caller's Yes or No (a second PUT changes it). */
export const vibeVoteBody = z.object({ vote: answer });
export type VibeVoteBody = z.infer<typeof vibeVoteBody>;

/** How many counted people said Yes and No about one vibe (votes of the last two years). */
export const vibeVoteCountSchema = z.object({
  vibe: z.string(),
  yes: z.number().int().nonnegative(),
  no: z.number().int().nonnegative(),
});
export type VibeVoteCount = z.infer<typeof vibeVoteCountSchema>;

/** GET, PUT and DELETE /api/venues/:externalId/vibe-votes(/:vibe): the venue's votes as the caller sees them. */
export const venueVibeVotesSchema = z.object({
  /** Every vibe the product knows (ALL_VIBES, in its order), with the counted votes on it. */
  counts: z.array(vibeVoteCountSchema),
  /** The caller's own votes, counted or not (empty when signed out or a guest). */
  mine: z.record(z.string(), answer),
  /** The caller may vote: a registered person with a proven email or a provider sign-in. */
  canVote: z.boolean(),
  /** The caller's votes count (false: signed out, a guest, unproven, the venue's owner, a removed review). */
  counted: z.boolean(),
  /** Why the caller cannot vote, or why their votes are not counted; null when they vote and count. */
  notice: z.string().nullable(),
  /** The venue's vibe scores and matched vibes now (after the vote's new blend). */
  vibeScores: z.record(z.string(), z.number()),
  detectedVibes: z.array(z.string()),
});
export type VenueVibeVotes = z.infer<typeof venueVibeVotesSchema>;
