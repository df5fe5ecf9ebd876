import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import type { VenueVibeVotes } from "@shared/contracts/vibe-votes";
import type { Venue } from "@shared/contracts/venues";
import type { VibeVoteAnswer } from "@shared/vocabulary";
import { apiCall } from "@client/lib/api-call";
import { MATCH_VENUES_KEY } from "./match-venues";
import { venueDetailsKey } from "./venue-details";

export type { VenueVibeVotes };

/** Crowd vibe votes (docs/vibe-votes.md): one venue's counts and the caller's own votes. */
export const vibeVotesKey = (externalId: string) => [VENUE_API.venues, externalId, "vibe-votes"] as const;

/** GET /api/venues/:externalId/vibe-votes: anyone may read (guests and signed-out callers too). */
export function useVibeVotes(externalId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: vibeVotesKey(externalId),
    queryFn: ({ signal }) => apiCall("GET /api/venues/:externalId/vibe-votes", { params: { externalId }, signal }),
    enabled,
  });
}

/** A venue's new vibes, as a vote's blend left them (the answer of a vote, or the realtime message). */
export interface VenueVibes {
  externalId: string;
  vibeScores: Record<string, number>;
  detectedVibes: string[];
}

/**
 * Writes a venue's new vibes into every cached venue list and card in place (Home's pages, Explore,
 * Saved, a venue page), and has its details (the evidence, "7 people said Romantic…") read again.
 */
export function applyVenueVibes(client: QueryClient, next: VenueVibes): void {
  const patch = (v: Venue) =>
    v && typeof v === "object" && v.externalId === next.externalId
      ? { ...v, vibeScores: next.vibeScores, detectedVibes: next.detectedVibes }
      : v;
  const patchData = (data: unknown): unknown => {
    if (Array.isArray(data))
      return data.some((v) => v && typeof v === "object" && "vibeScores" in v) ? data.map(patch) : data;
    if (!data || typeof data !== "object") return data;
    if ("vibeScores" in data && "externalId" in data) return patch(data as Venue);
    if (Array.isArray((data as { venues?: unknown }).venues)) {
      const d = data as { venues: Venue[] };
      return { ...d, venues: d.venues.map(patch) };
    }
    if (Array.isArray((data as { pages?: unknown }).pages)) {
      const d = data as { pages: unknown[] };
      return { ...d, pages: d.pages.map(patchData) };
    }
    return data;
  };
  client.setQueriesData(
    { predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/") },
    patchData,
  );
  void client.invalidateQueries({ queryKey: venueDetailsKey(next.externalId) });
}

/** The person's answer on one vibe: "yes", "no", or null to take the vote back. */
export interface CastVibeVote {
  vibe: string;
  vote: VibeVoteAnswer | null;
}

/**
 * PUT (Yes or No) or DELETE (taken back) /api/venues/:externalId/vibe-votes/:vibe. The answer holds
 * the venue's counts and its vibes after the vote's blend: both are shown at once, everywhere.
 */
export function useCastVibeVote(externalId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vibe, vote }: CastVibeVote) =>
      vote === null
        ? apiCall("DELETE /api/venues/:externalId/vibe-votes/:vibe", { params: { externalId, vibe } })
        : apiCall("PUT /api/venues/:externalId/vibe-votes/:vibe", { params: { externalId, vibe }, body: { vote } }),
    onSuccess: (answer) => {
      client.setQueryData(vibeVotesKey(externalId), answer);
      applyVenueVibes(client, { externalId, vibeScores: answer.vibeScores, detectedVibes: answer.detectedVibes });
      // the ranking and its "N confirmed · M likely" count follow: here, not in a caller's `onVoted`,
      // which does not run once a likely card the vote confirmed has lost its question (issue 25)
      void client.invalidateQueries({ queryKey: MATCH_VENUES_KEY });
    },
  });
}
