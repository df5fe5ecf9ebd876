import { queryOptions, useQuery } from "@tanstack/react-query";
import { FRIENDS_TEXT, GROUP_VENUES_RADIUS_KM, SOCIAL_API } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { getJson } from "@client/lib/api-url";
import { positionIfGranted, roundCoord } from "../lib/group-position";

export interface GroupVenues {
  vibes: string[];
  venues: Venue[];
}

export const groupVenuesKey = (groupId: string) => [SOCIAL_API.groups, groupId, "venues"] as const;

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/**
 * GET /api/groups/:id/venues at the browser's position when already allowed (else the default
 * point, and then no distances), radius 10 miles in km. Fails with the spec's 'Failed to fetch venues'.
 */
export async function fetchGroupVenues(groupId: string, signal?: AbortSignal): Promise<GroupVenues> {
  const { latitude, longitude, located } = await positionIfGranted();
  try {
    const found = await getJson<GroupVenues>(
      `${SOCIAL_API.groups}/${encodeURIComponent(groupId)}/venues`,
      { latitude: roundCoord(latitude), longitude: roundCoord(longitude), radius: GROUP_VENUES_RADIUS_KM },
      signal,
    );
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
