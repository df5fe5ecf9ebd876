import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { BlockedPerson } from "@shared/contracts/social";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { personName } from "@client/lib/person";
import { apiCall, apiDo } from "@client/lib/api-call";
import { refreshAfterResponse } from "./respond-to-request";

export const BLOCKS_KEY = [SOCIAL_API.blocks] as const;

/** GET /api/blocks: the people the caller blocked, most recent first. */
export function fetchBlocks(signal?: AbortSignal): Promise<BlockedPerson[]> {
  return apiCall("GET /api/blocks", { signal });
}

export const blocksQuery = queryOptions({ queryKey: BLOCKS_KEY, queryFn: ({ signal }) => fetchBlocks(signal) });

export function useBlocks() {
  return useQuery(blocksQuery);
}

/** Who is blocked or unblocked: the id, and the name the toast says. */
export interface BlockTarget {
  id: string;
  firstName: string | null;
  lastName: string | null;
}

const named = (text: string, person: BlockTarget) => text.replace("{name}", personName(person));

/** POST /api/blocks {userId}: ends the friendship, requests and shared groups (server: social/blocks.ts). */
export function useBlock({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (person: BlockTarget) => {
      await apiDo("POST /api/blocks", { body: { userId: person.id } });
    },
    onSuccess: (_data, person) => {
      toast({ title: named(FRIENDS_TEXT.blockedToast, person) });
      onSuccess?.();
    },
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.blockFailed, description: detail || undefined });
    },
    // friends, requests, groups and search all change with a block
    onSettled: () => {
      refreshAfterResponse(queryClient);
      void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY });
    },
  });
}

/** DELETE /api/blocks/:userId */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (person: BlockTarget) => {
      await apiDo("DELETE /api/blocks/:userId", { params: { userId: person.id } });
    },
    onSuccess: (_data, person) => {
      queryClient.setQueryData<BlockedPerson[]>(BLOCKS_KEY, (list) =>
        Array.isArray(list) ? list.filter((b) => b.id !== person.id) : list,
      );
      toast({ title: named(FRIENDS_TEXT.unblockedToast, person) });
    },
    onError: (error) => {
      const detail = errorMessage(error, "");
      toast({ variant: "destructive", title: FRIENDS_TEXT.unblockFailed, description: detail || undefined });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
  });
}
