import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiCall } from "@client/lib/api-call";
import { useAuth } from "@client/lib/auth";

export const MY_VENUES_KEY = ["/api/my-venues"] as const;

/** GET /api/my-venues: the caller's venues; the dashboard uses the first (spec 3). */
export const myVenuesQuery = queryOptions({
  queryKey: MY_VENUES_KEY,
  queryFn: ({ signal }) => apiCall("GET /api/my-venues", { signal }),
});
export const useMyVenues = () => useQuery(myVenuesQuery);

/**
 * Whether the signed-in person owns a venue, for the navigation's Business entry (issue 17: owners
 * could reach their dashboard only by typing /business). Guests have no email, so no venue is
 * ever given to them: they are not asked. The answer is shared with the dashboard's own query.
 */
export function useOwnsVenue(): boolean {
  const { user } = useAuth();
  const mine = useQuery({ ...myVenuesQuery, enabled: !!user && !user.isGuest, staleTime: 5 * 60_000 });
  return (mine.data?.length ?? 0) > 0;
}
