import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FEED_TEXT } from "@client/features/feed/texts";
import type { Post } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { apiCall } from "@client/lib/api-call";
import type { CreatePostBody } from "../lib/post-draft";
import { FEED_KEY } from "./feed";

/** POST /api/posts -> 201 Post */
export async function createPost(body: CreatePostBody): Promise<Post> {
  return apiCall("POST /api/posts", { body });
}

export function useCreatePost({ onSuccess }: { onSuccess?: (post: Post) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      toast({ title: FEED_TEXT.posted, description: FEED_TEXT.postedBody });
      void queryClient.invalidateQueries({ queryKey: FEED_KEY });
      onSuccess?.(post);
    },
    // Spec 8: the product's own wording, whatever the server said.
    onError: () => toast({ variant: "destructive", title: FEED_TEXT.errorTitle, description: FEED_TEXT.postFailed }),
  });
}
