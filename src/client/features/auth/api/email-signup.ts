import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { TEXT } from "@shared/vocabulary";
import type { SignupBody } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage, errorStatus } from "@client/lib/api-error";
import { apiCall, apiDo } from "@client/lib/api-call";
import { useFinishSignIn } from "../use-finish-sign-in";

/**
 * Signs up. The server answers the same for a new address and for one that already has an
 * account (docs/sign-in.md, "Sign-up"); only a new one is signed in. So whether this browser is
 * now signed in as that address is what the current-user call says.
 */
export async function emailSignup(body: SignupBody): Promise<{ signedIn: boolean; email: string }> {
  await apiDo("POST /auth/email/signup", { body });
  const email = body.email.trim().toLowerCase();
  // signed out (a non-ok answer) reads as no user; a network failure fails the sign-up
  const user = await apiCall("GET /api/auth/me").catch((error: unknown) => {
    if (errorStatus(error) === null) throw error;
    return null;
  });
  return { signedIn: !!user && !user.isGuest && user.email === email, email };
}

/** `onSignedIn` replaces going to "/" (a guest upgrading from Profile stays there). */
export function useEmailSignup(onSignedIn?: () => void) {
  const finishSignIn = useFinishSignIn();
  return useMutation({
    mutationFn: emailSignup,
    onSuccess: ({ signedIn, email }) => {
      if (!signedIn) return; // the step says "Check your email"
      toast({ title: ACCOUNT_TEXT.welcomeTitle, description: ACCOUNT_TEXT.welcomeBody(email) });
      (onSignedIn ?? finishSignIn)();
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: TEXT.signupFailed,
        description: errorMessage(error, TEXT.signupFallback),
      });
    },
  });
}
