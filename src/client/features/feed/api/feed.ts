import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@shared/constants";
import type { Post } from "@shared/contracts/social";
import { getJson } from "@client/lib/api-url";

/** The feed's key is its path, as the default query function would use it. */
export const FEED_KEY = [SOCIAL_API.feed] as const;

/** GET /api/posts/feed: the caller's and their friends' posts, newest first. */
export function fetchFeed(signal?: AbortSignal): Promise<Post[]> {
  return getJson<Post[]>(SOCIAL_API.feed, undefined, signal);
}

export const feedQuery = queryOptions({ queryKey: FEED_KEY, queryFn: ({ signal }) => fetchFeed(signal) });

export function useFeed() {
  return useQuery(feedQuery);
}
