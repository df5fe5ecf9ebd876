import { queryOptions, useQuery } from "@tanstack/react-query";
import { FRIENDS_TEXT, GROUP_VENUES_RADIUS_KM } from "@client/features/friends/texts";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { GroupVenues } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";
import { positionIfGranted, roundCoord } from "../lib/group-position";

export type { GroupVenues };

export const groupVenuesKey = (groupId: string) => [SOCIAL_API.groups, groupId, "venues"] as const;

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/**
 * GET /api/groups/:id/venues at the browser's position when already allowed (else the default
 * point, and then no distances), radius 10 miles in km. Fails with the spec's 'Failed to fetch venues'.
 */
export async function fetchGroupVenues(groupId: string, signal?: AbortSignal): Promise<GroupVenues> {
  const { latitude, longitude, located } = await positionIfGranted();
  try {
    const found = await apiCall("GET /api/groups/:id/venues", {
      params: { id: groupId },
      query: { latitude: roundCoord(latitude), longitude: roundCoord(longitude), radius: GROUP_VENUES_RADIUS_KM },
      signal,
    });
    // From the default point a distance would read as the person's: none is shown then.
    return located ? found : { ...found, venues: found.venues.map((v) => ({ ...v, distance: null })) };
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(FRIENDS_TEXT.groupVenuesFailed, { cause: error });
  }
}

export function groupVenuesQuery(groupId: string) {
  return queryOptions({
    queryKey: groupVenuesKey(groupId),
    queryFn: ({ signal }) => fetchGroupVenues(groupId, signal),
  });
}

/** Loads only once asked (the group's Find venues button). */
export function useGroupVenues(groupId: string, enabled: boolean) {
  return useQuery({ ...groupVenuesQuery(groupId), enabled });
}
