import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import type { User } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { apiCall } from "@client/lib/api-call";
import type { PreferencesDraft } from "../lib/preferences-draft";

/** PATCH /api/users/preferences -> User */
export async function updatePreferences(body: PreferencesDraft): Promise<User> {
  return apiCall("PATCH /api/users/preferences", { body });
}

/** Saves, then reloads the current user (spec 7). */
export function useUpdatePreferences({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => {
      queryClient.setQueryData<User>(AUTH_ME_QUERY_KEY, (old) => (old ? { ...old, ...user } : old));
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
      toast({ title: PROFILE_TEXT.preferencesSaved });
      onSuccess?.();
    },
    // Spec 8: the product's own wording.
    onError: () =>
      toast({
        variant: "destructive",
        title: PROFILE_TEXT.preferencesFailedTitle,
        description: PROFILE_TEXT.preferencesFailed,
      }),
  });
}
