import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { DEFAULT_COORDS, LIMITS, POST_DIALOG_VENUE_RADIUS, VENUE_API } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { getJson } from "@client/lib/api-url";

export const postVenueSearchKey = (search: string) => [VENUE_API.nearby, "post-dialog", search] as const;

/**
 * GET /api/venues/nearby for the post dialog (spec 7): fixed default coordinates, radius 10; the
 * typed text filters on the server. At most 5 results are shown (spec 9).
 */
export async function searchPostVenues(search: string, signal?: AbortSignal): Promise<Venue[]> {
  const venues = await getJson<Venue[]>(
    VENUE_API.nearby,
    {
      latitude: DEFAULT_COORDS.latitude,
      longitude: DEFAULT_COORDS.longitude,
      radius: POST_DIALOG_VENUE_RADIUS,
      search,
      limit: LIMITS.postDialogVenueResults,
    },
    signal,
  );
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
