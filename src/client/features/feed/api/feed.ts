import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { Post } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";

/** The feed's key is its path, as the default query function would use it. */
export const FEED_KEY = [SOCIAL_API.feed] as const;

/** GET /api/posts/feed: the caller's and their friends' posts, newest first. */
export function fetchFeed(signal?: AbortSignal): Promise<Post[]> {
  return apiCall("GET /api/posts/feed", { signal });
}

export const feedQuery = queryOptions({ queryKey: FEED_KEY, queryFn: ({ signal }) => fetchFeed(signal) });

export function useFeed() {
  return useQuery(feedQuery);
}
