import { queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import type { VenueDetails } from "@shared/contracts/venues";
import { apiCall } from "@client/lib/api-call";
import { isAbort } from "./abort";

export const venueDetailsKey = (externalId: string) => [VENUE_API.venues, externalId, "details"] as const;

/** GET /api/venues/:externalId/details; a failure gives null (spec 7, silent). */
export async function fetchVenueDetails(externalId: string, signal?: AbortSignal): Promise<VenueDetails | null> {
  try {
    return await apiCall("GET /api/venues/:externalId/details", { params: { externalId }, signal });
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
