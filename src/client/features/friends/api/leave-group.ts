import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import type { Group } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import { GROUPS_KEY } from "./groups";

/** POST /api/groups/:id/leave (members; the creator deletes the group instead). */
export async function leaveGroup(groupId: string): Promise<void> {
  await apiDo("POST /api/groups/:id/leave", { params: { id: groupId } });
}

export function useLeaveGroup({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveGroup,
    onSuccess: (_data, groupId) => {
      queryClient.setQueryData<Group[]>(GROUPS_KEY, (list) =>
        Array.isArray(list) ? list.filter((g) => g.id !== groupId) : list,
      );
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      toast({ title: FRIENDS_TEXT.leftGroup });
      onSuccess?.();
    },
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.leaveGroupFailed, description: detail || undefined });
    },
  });
}
