import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API, VENUE_TEXT } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { withQuery } from "@client/lib/api-url";
import { httpError } from "@client/lib/api-error";
import type { MatchParams } from "../lib/venue-params";
import { isAbort } from "./abort";

/** Every match query starts with the path, so `[VENUE_API.match]` invalidates them all. */
export const MATCH_VENUES_KEY = [VENUE_API.match] as const;
export const matchVenuesKey = (params: MatchParams) => [VENUE_API.match, params] as const;

/** While the server fetches the area (few venues known there), the list is asked again this often. */
export const AREA_POLL_MS = 2000;

/** The match call's answer: the venues, and whether the server is still fetching the area around the search. */
export interface MatchResult {
  venues: Venue[];
  fetching: boolean;
}

/** GET /api/venues/match-public. Fails with the spec's 'Failed to fetch venues' (the server's error is its cause). */
export async function fetchMatchVenues(params: MatchParams, signal?: AbortSignal): Promise<MatchResult> {
  try {
    const res = await fetch(withQuery(VENUE_API.match, { ...params }), { credentials: "include", signal });
    if (!res.ok) throw httpError(res.status, await res.text(), res.statusText);
    return { venues: (await res.json()) as Venue[], fetching: res.headers.get(VENUE_API.fetchingHeader) === "true" };
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
    // The venues of an area being fetched fill in as they arrive.
    refetchInterval: (query) => (query.state.data?.fetching ? AREA_POLL_MS : false),
  });
}

const venuesOf = (r: MatchResult) => r.venues;
const fetchingOf = (r: MatchResult) => r.fetching;

/** The match list (`data`: the venues). */
export function useMatchVenues(params: MatchParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...matchVenuesQuery(params), enabled, select: venuesOf });
}

/** Whether the server is still finding places around this search (the same query as useMatchVenues: no second call). */
export function useAreaFetching(params: MatchParams, { enabled = true }: { enabled?: boolean } = {}): boolean {
  const query = useQuery({ ...matchVenuesQuery(params), enabled, select: fetchingOf });
  return query.data === true && !query.isPlaceholderData;
}
