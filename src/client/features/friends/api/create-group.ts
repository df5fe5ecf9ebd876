import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import type { Group } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";
import { GROUPS_KEY } from "./groups";

/** POST /api/groups {name, memberIds} -> 201 Group */
export async function createGroup(body: { name: string; memberIds: string[] }): Promise<Group> {
  return apiCall("POST /api/groups", { body });
}

export function useCreateGroup({ onSuccess }: { onSuccess?: (group: Group) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (group) => {
      queryClient.setQueryData<Group[]>(GROUPS_KEY, (list) =>
        Array.isArray(list) ? [group, ...list.filter((g) => g.id !== group.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
      toast({ title: FRIENDS_TEXT.groupCreated });
      onSuccess?.(group);
    },
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.groupCreateFailed, description: detail || undefined });
    },
  });
}
