import { queryOptions, useQuery } from "@tanstack/react-query";
import { SUGGESTIONS_HEADER } from "@shared/vocabulary";
import { VENUE_API } from "@client/lib/api-paths";
import type { Venue } from "@shared/contracts/venues";
import { type ApiResponse, apiSend } from "@client/lib/api-call";
import type { NearbyParams } from "../lib/venue-params";
import { isAbort } from "./abort";

export const nearbyVenuesKey = (params: NearbyParams) => [VENUE_API.nearby, params] as const;

export interface Suggested {
  venues: Venue[];
  /** x-suggestions: true when the picks follow the caller's preferences, false when they are the hour's. */
  personal: boolean | null;
}

/** GET /api/venues/nearby for the suggestion bubbles; a failure is an empty list (spec 7, silent). */
export async function fetchNearbyVenues(params: NearbyParams, signal?: AbortSignal): Promise<Suggested> {
  try {
    const res = await apiSend("GET /api/venues/nearby", { query: { ...params }, signal });
    const venues: ApiResponse<"GET /api/venues/nearby"> = await res.json();
    const header = res.headers.get(SUGGESTIONS_HEADER);
    return {
      venues: Array.isArray(venues) ? venues : [],
      personal: header === null ? null : header === "personal",
    };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { venues: [], personal: null };
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
