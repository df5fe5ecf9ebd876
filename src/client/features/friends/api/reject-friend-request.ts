import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import { refreshAfterResponse } from "./respond-to-request";

/** POST /api/friends/reject/:userId (the requester's id; no body). */
export async function rejectFriendRequest(requesterId: string): Promise<void> {
  await apiDo("POST /api/friends/reject/:userId", { params: { userId: requesterId } });
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
