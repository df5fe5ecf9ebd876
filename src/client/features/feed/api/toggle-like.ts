import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FEED_TEXT, SOCIAL_API } from "@shared/constants";
import type { Post } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";
import { FEED_KEY } from "./feed";

export interface LikeResult {
  liked: boolean;
  likeCount: number;
}

/** POST /api/posts/:id/like (no body): toggles the caller's like. */
export async function toggleLike(postId: string): Promise<LikeResult> {
  const res = await apiRequest("POST", `${SOCIAL_API.posts}/${encodeURIComponent(postId)}/like`);
  return (await res.json()) as LikeResult;
}

const patchPost = (posts: Post[] | undefined, postId: string, patch: (p: Post) => Post) =>
  Array.isArray(posts) ? posts.map((p) => (p.id === postId ? patch(p) : p)) : posts;

/** Optimistic: the heart flips at once, then takes the server's liked flag and count. */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    onMutate: async (postId) => {
      await queryClient.cancelQueries({ queryKey: FEED_KEY });
      const previous = queryClient.getQueryData<Post[]>(FEED_KEY)?.find((p) => p.id === postId);
      queryClient.setQueryData<Post[]>(FEED_KEY, (posts) =>
        patchPost(posts, postId, (p) => ({
          ...p,
          isLiked: !p.isLiked,
          likeCount: Math.max(0, p.likeCount + (p.isLiked ? -1 : 1)),
        })),
      );
      return { previous };
    },
    onSuccess: ({ liked, likeCount }, postId) => {
      queryClient.setQueryData<Post[]>(FEED_KEY, (posts) =>
        patchPost(posts, postId, (p) => ({ ...p, isLiked: liked, likeCount })),
      );
    },
    onError: (error, postId, context) => {
      const previous = context?.previous;
      if (previous) {
        queryClient.setQueryData<Post[]>(FEED_KEY, (posts) =>
          patchPost(posts, postId, (p) => ({ ...p, isLiked: previous.isLiked, likeCount: previous.likeCount })),
        );
      }
      toast({
        variant: "destructive",
        title: FEED_TEXT.errorTitle,
        description: errorMessage(error, FEED_TEXT.likeFailed),
      });
    },
  });
}
