import { useMutation } from "@tanstack/react-query";
import { TEXT } from "@shared/vocabulary";
import { toast } from "@client/hooks/use-toast";
import { startGuestSession } from "@client/lib/guest-session";
import { useFinishSignIn } from "../use-finish-sign-in";

/** Guest start from the login screen: a failure shows a toast (spec 8). */
export function useGuestLogin() {
  const finishSignIn = useFinishSignIn();
  return useMutation({
    mutationFn: startGuestSession,
    onSuccess: finishSignIn,
    onError: () => {
      toast({ variant: "destructive", title: TEXT.guestErrorTitle, description: TEXT.guestErrorBody });
    },
  });
}
