import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import type { Venue } from "@shared/contracts/venues";
import { apiCall } from "@client/lib/api-call";
import { roundTo, type Coords } from "../lib/venue-params";

/** Every favourites query starts with the path, so `[VENUE_API.favorites]` invalidates them all. */
export const FAVORITES_KEY = [VENUE_API.favorites] as const;

export type FavoritesParams = { latitude: number; longitude: number } | Record<string, never>;

/** The caller's position, when known, lets the server fill in each venue's distance. */
export function favoritesParams(coords: Coords | null): FavoritesParams {
  return coords ? { latitude: roundTo(coords.latitude, 4), longitude: roundTo(coords.longitude, 4) } : {};
}

export const favoritesKey = (params: FavoritesParams) => [VENUE_API.favorites, params] as const;

/** GET /api/favorites */
export function fetchFavorites(params: FavoritesParams, signal?: AbortSignal): Promise<Venue[]> {
  return apiCall("GET /api/favorites", { query: params, signal });
}

export function favoritesQuery(params: FavoritesParams) {
  return queryOptions({
    queryKey: favoritesKey(params),
    queryFn: ({ signal }) => fetchFavorites(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFavorites(coords: Coords | null) {
  return useQuery(favoritesQuery(favoritesParams(coords)));
}
