import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FEED_TEXT } from "@client/features/feed/texts";
import type { Comment, Post } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";
import { FEED_KEY } from "./feed";
import { postCommentsKey } from "./post-comments";

/** POST /api/posts/:id/comments {content} -> 201 Comment */
export async function addComment(postId: string, content: string): Promise<Comment> {
  return apiCall("POST /api/posts/:id/comments", { params: { id: postId }, body: { content } });
}

/** Adds the comment to the list at once, then refreshes the comments and the feed's counts. */
export function useAddComment(postId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(postId, content),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(postCommentsKey(postId), (list) =>
        Array.isArray(list) && !list.some((c) => c.id === comment.id) ? [...list, comment] : list,
      );
      queryClient.setQueryData<Post[]>(FEED_KEY, (posts) =>
        Array.isArray(posts)
          ? posts.map((p) => (p.id === postId ? { ...p, commentCount: p.commentCount + 1 } : p))
          : posts,
      );
      toast({ title: FEED_TEXT.commentAdded });
      void queryClient.invalidateQueries({ queryKey: postCommentsKey(postId) });
      void queryClient.invalidateQueries({ queryKey: FEED_KEY });
      onSuccess?.();
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: FEED_TEXT.errorTitle,
        description: errorMessage(error, FEED_TEXT.commentFailed),
      });
    },
  });
}
