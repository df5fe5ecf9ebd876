import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT, AUTH_PATHS } from "@shared/constants";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";

/** A new verification link for the signed-in person's own address. */
export async function resendVerification(): Promise<{ message: string }> {
  const res = await apiRequest("POST", AUTH_PATHS.resendVerification);
  return (await res.json()) as { message: string };
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
