import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import type { Group } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import { GROUPS_KEY } from "./groups";

/** DELETE /api/groups/:id (creator only; 403 otherwise). */
export async function deleteGroup(groupId: string): Promise<void> {
  await apiDo("DELETE /api/groups/:id", { params: { id: groupId } });
}

export function useDeleteGroup({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, groupId) => {
      queryClient.setQueryData<Group[]>(GROUPS_KEY, (list) =>
        Array.isArray(list) ? list.filter((g) => g.id !== groupId) : list,
      );
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      toast({ title: FRIENDS_TEXT.groupDeleted });
      onSuccess?.();
    },
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.groupDeleteFailed, description: detail || undefined });
    },
  });
}
