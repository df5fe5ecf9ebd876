import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { navigateWholePage } from "@client/lib/browser";
import { startGuestSession } from "@client/lib/guest-session";
import { takeReturnTo } from "@client/lib/return-to";

/**
 * Guest start from the landing page: reloads the app at "/" (or the deep-linked page it was opened on); a failure is
 * only logged (spec 8).
 */
export function useLandingGuestLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startGuestSession,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
      navigateWholePage(takeReturnTo() ?? "/");
    },
    onError: (error) => {
      console.error(error);
    },
  });
}
