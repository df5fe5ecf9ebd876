import { queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import type { Venue } from "@shared/contracts/venues";
import { apiCall } from "@client/lib/api-call";
import type { NearbyParams } from "../lib/venue-params";
import { isAbort } from "./abort";

export const nearbyVenuesKey = (params: NearbyParams) => [VENUE_API.nearby, params] as const;

/** GET /api/venues/nearby for the suggestion bubbles; a failure is an empty list (spec 7, silent). */
export async function fetchNearbyVenues(params: NearbyParams, signal?: AbortSignal): Promise<Venue[]> {
  try {
    const venues = await apiCall("GET /api/venues/nearby", { query: { ...params }, signal });
    return Array.isArray(venues) ? venues : [];
  } catch (error) {
    if (isAbort(error)) throw error;
    return [];
  }
}

export function nearbyVenuesQuery(params: NearbyParams) {
  return queryOptions({
    queryKey: nearbyVenuesKey(params),
    queryFn: ({ signal }) => fetchNearbyVenues(params, signal),
  });
}

export function useNearbyVenues(params: NearbyParams | null) {
  return useQuery({
    ...nearbyVenuesQuery(params ?? { latitude: 0, longitude: 0, radius: 0, hour: 0 }),
    enabled: params !== null,
  });
}
