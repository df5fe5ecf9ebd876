import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { Friend } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";

export const FRIENDS_KEY = [SOCIAL_API.friends] as const;

/** GET /api/friends */
export function fetchFriends(signal?: AbortSignal): Promise<Friend[]> {
  return apiCall("GET /api/friends", { signal });
}

export const friendsQuery = queryOptions({ queryKey: FRIENDS_KEY, queryFn: ({ signal }) => fetchFriends(signal) });

export function useFriends() {
  return useQuery(friendsQuery);
}
