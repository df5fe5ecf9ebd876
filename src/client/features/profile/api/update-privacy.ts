import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import type { User } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { apiCall } from "@client/lib/api-call";

export type PrivacySettings = Pick<
  User,
  "privacyShareVibes" | "privacyShareLocation" | "privacyActivityFeed" | "privacyFindByEmail"
>;

/** PATCH /api/users/privacy -> User */
export async function updatePrivacy(body: PrivacySettings): Promise<User> {
  return apiCall("PATCH /api/users/privacy", { body });
}

/** Saves, then reloads the current user (spec 7). */
export function useUpdatePrivacy({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: (user) => {
      queryClient.setQueryData<User>(AUTH_ME_QUERY_KEY, (old) => (old ? { ...old, ...user } : old));
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
      toast({ title: PROFILE_TEXT.privacyUpdated, description: PROFILE_TEXT.privacyUpdatedBody });
      onSuccess?.();
    },
    // Spec 8: 'Update Failed' with the server's message.
    onError: (error) =>
      toast({
        variant: "destructive",
        title: PROFILE_TEXT.updateFailed,
        description: errorMessage(error, PROFILE_TEXT.privacyFailed),
      }),
  });
}
