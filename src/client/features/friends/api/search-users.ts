import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { LIMITS } from "@shared/vocabulary";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { UserSearchResult } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";

/** Every search query starts with the path, so `[SOCIAL_API.userSearch]` refreshes them all. */
export const USER_SEARCH_KEY = [SOCIAL_API.userSearch] as const;
export const userSearchKey = (q: string) => [SOCIAL_API.userSearch, q] as const;

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/**
 * GET /api/users/search?q= (2+ characters). Fails with the spec's 'Failed to search users'; the server's error is its
 * cause.
 */
export async function searchUsers(q: string, signal?: AbortSignal): Promise<UserSearchResult[]> {
  try {
    return await apiCall("GET /api/users/search", { query: { q }, signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new Error(FRIENDS_TEXT.searchFailed, { cause: error });
  }
}

export function userSearchQuery(q: string) {
  return queryOptions({
    queryKey: userSearchKey(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** Spec 5: the search runs only with 2 or more characters. */
export function useUserSearch(q: string) {
  return useQuery({ ...userSearchQuery(q), enabled: q.length >= LIMITS.userSearchMin });
}
