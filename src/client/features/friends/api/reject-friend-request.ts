import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT, SOCIAL_API } from "@shared/constants";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";
import { refreshAfterResponse } from "./respond-to-request";

/** POST /api/friends/reject/:userId (the requester's id; no body). */
export async function rejectFriendRequest(requesterId: string): Promise<void> {
  await apiRequest("POST", `${SOCIAL_API.friendReject}/${encodeURIComponent(requesterId)}`);
}

export function useRejectFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectFriendRequest,
    onSuccess: () => toast({ title: FRIENDS_TEXT.rejected }),
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.rejectFailed, description: detail || undefined });
    },
    onSettled: () => refreshAfterResponse(queryClient),
  });
}
