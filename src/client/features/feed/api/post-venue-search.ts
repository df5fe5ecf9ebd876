import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DEFAULT_COORDS, LIMITS } from "@shared/vocabulary";
import { POST_DIALOG_VENUE_RADIUS } from "@client/features/feed/texts";
import { VENUE_API } from "@client/lib/api-paths";
import type { Venue } from "@shared/contracts/venues";
import { apiCall } from "@client/lib/api-call";

export const postVenueSearchKey = (search: string) => [VENUE_API.nearby, "post-dialog", search] as const;

/**
 * GET /api/venues/nearby for the post dialog (spec 7): fixed default coordinates, radius 10; the
 * typed text filters on the server. At most 5 results are shown (spec 9).
 */
export async function searchPostVenues(search: string, signal?: AbortSignal): Promise<Venue[]> {
  const venues = await apiCall("GET /api/venues/nearby", {
    query: {
      latitude: DEFAULT_COORDS.latitude,
      longitude: DEFAULT_COORDS.longitude,
      radius: POST_DIALOG_VENUE_RADIUS,
      search,
      limit: LIMITS.postDialogVenueResults,
    },
    signal,
  });
  return Array.isArray(venues) ? venues.slice(0, LIMITS.postDialogVenueResults) : [];
}

export function postVenueSearchQuery(search: string) {
  return queryOptions({
    queryKey: postVenueSearchKey(search),
    queryFn: ({ signal }) => searchPostVenues(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePostVenueSearch(search: string, enabled: boolean) {
  return useQuery({ ...postVenueSearchQuery(search), enabled: enabled && search.length > 0 });
}
