import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FEED_TEXT } from "@client/features/feed/texts";
import type { LikeResult, Post } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";
import { FEED_KEY } from "./feed";

export type { LikeResult };

/** POST /api/posts/:id/like (no body): toggles the caller's like. */
export async function toggleLike(postId: string): Promise<LikeResult> {
  return apiCall("POST /api/posts/:id/like", { params: { id: postId } });
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
