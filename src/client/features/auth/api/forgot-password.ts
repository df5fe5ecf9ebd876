import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import type { ForgotPasswordBody } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<void> {
  await apiDo("POST /auth/email/forgot-password", { body });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: forgotPassword,
    onError: (error) => {
      toast({
        variant: "destructive",
        title: ACCOUNT_TEXT.forgotFailed,
        description: errorMessage(error, "Please try again in a moment."),
      });
    },
  });
}
