import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API, VENUE_TEXT } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { getJson } from "@client/lib/api-url";
import type { MatchParams } from "../lib/venue-params";
import { isAbort } from "./abort";

/** Every match query starts with the path, so `[VENUE_API.match]` invalidates them all. */
export const MATCH_VENUES_KEY = [VENUE_API.match] as const;
export const matchVenuesKey = (params: MatchParams) => [VENUE_API.match, params] as const;

/** GET /api/venues/match-public. Fails with the spec's 'Failed to fetch venues' (the server's error is its cause). */
export async function fetchMatchVenues(params: MatchParams, signal?: AbortSignal): Promise<Venue[]> {
  try {
    return await getJson<Venue[]>(VENUE_API.match, { ...params }, signal);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(VENUE_TEXT.fetchFailed, { cause: error });
  }
}

export function matchVenuesQuery(params: MatchParams) {
  return queryOptions({
    queryKey: matchVenuesKey(params),
    queryFn: ({ signal }) => fetchMatchVenues(params, signal),
    // Changing a filter keeps the previous list on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useMatchVenues(params: MatchParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...matchVenuesQuery(params), enabled });
}
