import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT, SOCIAL_API } from "@shared/constants";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";
import { refreshAfterResponse } from "./respond-to-request";

/** POST /api/friends/accept/:userId (the requester's id; no body). */
export async function acceptFriendRequest(requesterId: string): Promise<void> {
  await apiRequest("POST", `${SOCIAL_API.friendAccept}/${encodeURIComponent(requesterId)}`);
}

export function useAcceptFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptFriendRequest,
    onSuccess: () => toast({ title: FRIENDS_TEXT.accepted }),
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.acceptFailed, description: detail || undefined });
    },
    onSettled: () => refreshAfterResponse(queryClient),
  });
}
