import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@shared/constants";
import type { Friend } from "@shared/contracts/social";
import { getJson } from "@client/lib/api-url";

export const FRIENDS_KEY = [SOCIAL_API.friends] as const;

/** GET /api/friends */
export function fetchFriends(signal?: AbortSignal): Promise<Friend[]> {
  return getJson<Friend[]>(SOCIAL_API.friends, undefined, signal);
}

export const friendsQuery = queryOptions({ queryKey: FRIENDS_KEY, queryFn: ({ signal }) => fetchFriends(signal) });

export function useFriends() {
  return useQuery(friendsQuery);
}
