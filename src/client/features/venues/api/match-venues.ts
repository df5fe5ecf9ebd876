import { useMemo } from "react";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { CONFIRMED_COUNT_HEADER, MATCH_PAGE_SIZE, parseTotalHeader, TOTAL_COUNT_HEADER } from "@shared/vocabulary";
import { VENUE_API } from "@client/lib/api-paths";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
import { type ApiResponse, apiSend } from "@client/lib/api-call";
import type { MatchParams } from "../lib/venue-params";
import { isAbort } from "./abort";

/** Every match query starts with the path, so `[VENUE_API.match]` invalidates them all. */
export const MATCH_VENUES_KEY = [VENUE_API.match] as const;
export const matchVenuesKey = (params: MatchParams) => [VENUE_API.match, params] as const;

/** While the server fetches the area (few venues known there), the list is asked again this often. */
export const AREA_POLL_MS = 2000;

/** One page of a match: its venues, where it started, and how many the whole ranking holds. */
export interface MatchPage {
  venues: Venue[];
  offset: number;
  /**
   * x-total-count; MAX_EXACT_TOTAL + 1 when it says "10000+" (more than that: the pages go on while
   * they come full); null when the server did not say (the page then is all there is).
   */
  total: number | null;
  /** x-confirmed-count: how many of `total` are confirmed matches (the rest are likely ones); null: not said. */
  confirmed: number | null;
  /** Whether the server is still fetching the area around the search. */
  fetching: boolean;
}

/**
 * GET /api/venues/match-public, the MATCH_PAGE_SIZE venues starting at `offset`. Fails with the
 * spec's 'Failed to fetch venues' (the server's error is its cause).
 */
export async function fetchMatchPage(params: MatchParams, offset: number, signal?: AbortSignal): Promise<MatchPage> {
  try {
    const res = await apiSend("GET /api/venues/match-public", {
      query: { ...params, offset: offset || undefined, limit: MATCH_PAGE_SIZE },
      signal,
    });
    const venues: ApiResponse<"GET /api/venues/match-public"> = await res.json();
    const total = parseTotalHeader(res.headers.get(TOTAL_COUNT_HEADER));
    const confirmed = parseTotalHeader(res.headers.get(CONFIRMED_COUNT_HEADER));
    return { venues, offset, total, confirmed, fetching: res.headers.get(VENUE_API.fetchingHeader) === "true" };
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(VENUE_TEXT.fetchFailed, { cause: error });
  }
}

/** Where the page after `last` starts, or undefined when the ranking has no more. */
export function nextOffset(last: MatchPage): number | undefined {
  const next = last.offset + last.venues.length;
  return last.total !== null && last.venues.length > 0 && next < last.total ? next : undefined;
}

export function matchPagesQuery(params: MatchParams) {
  return infiniteQueryOptions({
    queryKey: matchVenuesKey(params),
    queryFn: ({ signal, pageParam }) => fetchMatchPage(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // Changing a filter keeps the previous list on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    // The venues of an area being fetched fill in as they arrive.
    refetchInterval: (query) => (query.state.data?.pages[0]?.fetching ? AREA_POLL_MS : false),
  });
}

/**
 * A match, page by page on the server's offset: `data` is every venue loaded so far, `total` the
 * whole ranking's size, `showMore` loads the next page.
 */
export function useMatchVenues(params: MatchParams, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...matchPagesQuery(params), enabled });
  const pages = query.data?.pages;
  // One array per answer, not per render: the list and the map redraw when the venues change, not when the page does.
  const data = useMemo(() => (pages ? pages.flatMap((p) => p.venues) : undefined), [pages]);
  const last = pages?.[pages.length - 1];
  return {
    data,
    total: last ? (last.total ?? data!.length) : undefined,
    /** How many of the ranking are confirmed matches (issue 25), when the server said. */
    confirmed: last?.confirmed ?? null,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    showMore: () => void query.fetchNextPage(),
    isPending: query.isPending,
    isError: query.isError && !query.isFetchNextPageError,
    error: query.error,
    refetch: query.refetch,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
  };
}

/** Whether the server is still finding places around this search (the same query as useMatchVenues: no second call). */
export function useAreaFetching(params: MatchParams, { enabled = true }: { enabled?: boolean } = {}): boolean {
  const query = useInfiniteQuery({ ...matchPagesQuery(params), enabled });
  return query.data?.pages[0]?.fetching === true && !query.isPlaceholderData;
}

/** Patches the venues of cached match pages (a favourite toggled). */
export function patchMatchPages(
  data: InfiniteData<MatchPage, number> | undefined,
  patch: (v: Venue) => Venue,
): InfiniteData<MatchPage, number> | undefined {
  if (!data || !Array.isArray(data.pages)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, venues: p.venues.map(patch) })) };
}
