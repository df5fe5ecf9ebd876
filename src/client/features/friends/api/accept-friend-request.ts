import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import { refreshAfterResponse } from "./respond-to-request";

/** POST /api/friends/accept/:userId (the requester's id; no body). */
export async function acceptFriendRequest(requesterId: string): Promise<void> {
  await apiDo("POST /api/friends/accept/:userId", { params: { userId: requesterId } });
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
