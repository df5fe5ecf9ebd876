import { queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@shared/constants";
import type { VenueDetails } from "@shared/contracts/venues";
import { getJson } from "@client/lib/api-url";
import { isAbort } from "./abort";

export const venueDetailsKey = (externalId: string) => [VENUE_API.venues, externalId, "details"] as const;

/** External ids carry a colon ("datasf:1234"), so the path segment is encoded. */
export const venueDetailsPath = (externalId: string) => `${VENUE_API.venues}/${encodeURIComponent(externalId)}/details`;

/** GET /api/venues/:externalId/details; a failure gives null (spec 7, silent). */
export async function fetchVenueDetails(externalId: string, signal?: AbortSignal): Promise<VenueDetails | null> {
  try {
    return await getJson<VenueDetails>(venueDetailsPath(externalId), undefined, signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    return null;
  }
}

export function venueDetailsQuery(externalId: string) {
  return queryOptions({
    queryKey: venueDetailsKey(externalId),
    queryFn: ({ signal }) => fetchVenueDetails(externalId, signal),
  });
}

export function useVenueDetails(externalId: string | null) {
  return useQuery({ ...venueDetailsQuery(externalId ?? ""), enabled: !!externalId });
}
