import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiCall, type ApiResponse } from "@client/lib/api-call";

/** A new verification link for the signed-in person's own address. */
export function resendVerification(): Promise<ApiResponse<"POST /api/auth/verification-email">> {
  return apiCall("POST /api/auth/verification-email");
}

export function useResendVerification() {
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: ({ message }) => toast({ title: ACCOUNT_TEXT.checkEmailTitle, description: message }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: ACCOUNT_TEXT.resendFailed,
        description: errorMessage(error, "Please try again in a moment."),
      }),
  });
}
