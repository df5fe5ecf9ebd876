import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import type { UserSearchResult } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import { USER_SEARCH_KEY } from "./search-users";

/** POST /api/friends/request {friendId} -> 201; 409 when already sent or already friends. */
export async function sendFriendRequest(friendId: string): Promise<void> {
  await apiDo("POST /api/friends/request", { body: { friendId } });
}

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: (_data, friendId) => {
      queryClient.setQueriesData<UserSearchResult[]>({ queryKey: USER_SEARCH_KEY }, (list) =>
        Array.isArray(list)
          ? list.map((u) => (u.id === friendId ? { ...u, friendshipStatus: "pending_sent" as const } : u))
          : list,
      );
      toast({ title: FRIENDS_TEXT.requestSentToast });
    },
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.sendFailed, description: detail || undefined });
      // The button may be out of date (a request crossed ours): show the real state.
      void queryClient.invalidateQueries({ queryKey: USER_SEARCH_KEY });
    },
  });
}
