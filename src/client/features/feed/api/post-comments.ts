import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { Comment } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";

export const postCommentsKey = (postId: string) => [SOCIAL_API.posts, postId, "comments"] as const;

/** GET /api/posts/:id/comments: oldest first. */
export function fetchPostComments(postId: string, signal?: AbortSignal): Promise<Comment[]> {
  return apiCall("GET /api/posts/:id/comments", { params: { id: postId }, signal });
}

export function postCommentsQuery(postId: string) {
  return queryOptions({
    queryKey: postCommentsKey(postId),
    queryFn: ({ signal }) => fetchPostComments(postId, signal),
  });
}

/** Spec 4: only the most recently opened post loads; others show what was already loaded. */
export function usePostComments(postId: string, enabled: boolean) {
  return useQuery({ ...postCommentsQuery(postId), enabled });
}
