import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { FriendRequestItem } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";

export const FRIEND_REQUESTS_KEY = [SOCIAL_API.friendRequests] as const;

/** GET /api/friends/requests: requests others sent to the caller, newest first. */
export function fetchFriendRequests(signal?: AbortSignal): Promise<FriendRequestItem[]> {
  return apiCall("GET /api/friends/requests", { signal });
}

export const friendRequestsQuery = queryOptions({
  queryKey: FRIEND_REQUESTS_KEY,
  queryFn: ({ signal }) => fetchFriendRequests(signal),
});

export function useFriendRequests() {
  return useQuery(friendRequestsQuery);
}
