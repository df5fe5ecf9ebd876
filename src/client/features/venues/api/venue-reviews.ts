import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import { apiCall, apiDo } from "@client/lib/api-call";
import { FAVORITES_KEY } from "./favorites";
import { MATCH_VENUES_KEY } from "./match-venues";

export const venueReviewsKey = (externalId: string) => [VENUE_API.venues, externalId, "reviews"] as const;

/** GET /api/venues/:externalId/reviews: the list (VIBE's and a provider's), each source's rating, mine. */
export function useVenueReviews(externalId: string) {
  return useQuery({
    queryKey: venueReviewsKey(externalId),
    queryFn: ({ signal }) => apiCall("GET /api/venues/:externalId/reviews", { params: { externalId }, signal }),
  });
}

/**
 * After a review changes: its venue's reviews and details, and every venue list (the venue's
 * rating, and so Top Rated's order, changed; the server's catalog has it before it answered).
 */
function refreshAfterReview(queryClient: ReturnType<typeof useQueryClient>, externalId: string) {
  void queryClient.invalidateQueries({ queryKey: MATCH_VENUES_KEY });
  void queryClient.invalidateQueries({ queryKey: [VENUE_API.nearby] });
  void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
  // the venue's details, reviews and card: every query under its prefix, each asked once
  void queryClient.invalidateQueries({ queryKey: [VENUE_API.venues, externalId] });
}

/** PUT /api/venues/:externalId/reviews/mine */
export function useSaveReview(externalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: number; text: string }) =>
      apiCall("PUT /api/venues/:externalId/reviews/mine", { params: { externalId }, body }),
    onSuccess: () => refreshAfterReview(queryClient, externalId),
  });
}

/** DELETE /api/venues/:externalId/reviews/mine */
export function useDeleteReview(externalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiDo("DELETE /api/venues/:externalId/reviews/mine", { params: { externalId } });
    },
    onSuccess: () => refreshAfterReview(queryClient, externalId),
  });
}

/** POST /api/admin/reviews/:id/remove (admins) */
export function useRemoveReview(externalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      await apiDo("POST /api/admin/reviews/:id/remove", { params: { id }, body: { reason } });
    },
    onSuccess: () => refreshAfterReview(queryClient, externalId),
  });
}
