import type { QueryClient } from "@tanstack/react-query";
import { FRIENDS_KEY } from "./friends";
import { FRIEND_REQUESTS_KEY } from "./friend-requests";
import { GROUPS_KEY } from "./groups";
import { USER_SEARCH_KEY } from "./search-users";

/** After accepting or rejecting: friends and requests reload (spec 7), and the counters with them. */
export function refreshAfterResponse(queryClient: QueryClient): void {
  for (const queryKey of [FRIENDS_KEY, FRIEND_REQUESTS_KEY, GROUPS_KEY, USER_SEARCH_KEY]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
