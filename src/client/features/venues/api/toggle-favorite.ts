import { type InfiniteData, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { FavoriteToggle, Venue } from "@shared/contracts/venues";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";
import { FAVORITES_KEY } from "./favorites";
import { MATCH_VENUES_KEY, type MatchPage, patchMatchPages } from "./match-venues";

export type { FavoriteToggle };

/** POST /api/favorites/:id (no body) */
export async function toggleFavorite(venueId: number): Promise<FavoriteToggle> {
  return apiCall("POST /api/favorites/:id", { params: { id: venueId } });
}

/** Writes the new flag into every cached venue list, then refetches the favourites and match lists. */
export function applyFavorite(queryClient: QueryClient, venueId: number, favorited: boolean): void {
  const patch = (list: Venue[] | undefined) =>
    Array.isArray(list) ? list.map((v) => (v.id === venueId ? { ...v, isFavorite: favorited } : v)) : list;
  for (const path of [VENUE_API.nearby, VENUE_API.favorites]) {
    queryClient.setQueriesData<Venue[]>({ queryKey: [path] }, patch);
  }
  queryClient.setQueriesData<InfiniteData<MatchPage, number>>({ queryKey: MATCH_VENUES_KEY }, (data) =>
    patchMatchPages(data, (v) => (v.id === venueId ? { ...v, isFavorite: favorited } : v)),
  );
  void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
  void queryClient.invalidateQueries({ queryKey: MATCH_VENUES_KEY });
}

/** Spec 4: the heart takes its state from the server's `favorited` flag. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavorite,
    onSuccess: ({ favorited }, venueId) => applyFavorite(queryClient, venueId, favorited),
    onError: (error) => {
      toast({
        variant: "destructive",
        title: VENUE_TEXT.errorTitle,
        description: errorMessage(error, VENUE_TEXT.favoriteFailed),
      });
    },
  });
}
