import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FEED_TEXT, SOCIAL_API } from "@shared/constants";
import type { Post } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { apiRequest } from "@client/lib/query-client";
import type { CreatePostBody } from "../lib/post-draft";
import { FEED_KEY } from "./feed";

/** POST /api/posts -> 201 Post */
export async function createPost(body: CreatePostBody): Promise<Post> {
  const res = await apiRequest("POST", SOCIAL_API.posts, body);
  return (await res.json()) as Post;
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
