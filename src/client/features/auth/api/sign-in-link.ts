import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import type { SignInLinkBody, User, UseSignInLinkBody } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiCall, apiDo } from "@client/lib/api-call";

/** Asks for a one-time sign-in link; the answer is the same whether or not the address has an account. */
export async function requestSignInLink(body: SignInLinkBody): Promise<void> {
  await apiDo("POST /auth/email/sign-in-link", { body });
}

/** Signs this browser in with a sign-in link's token (its page posts it on a click). */
export async function signInWithLink(body: UseSignInLinkBody): Promise<User> {
  return apiCall("POST /auth/email/sign-in-link/use", { body });
}

export function useSignInLink() {
  return useMutation({
    mutationFn: requestSignInLink,
    onError: (error) => {
      toast({
        variant: "destructive",
        title: ACCOUNT_TEXT.emailLinkFailed,
        description: errorMessage(error, "Please try again in a moment."),
      });
    },
  });
}
