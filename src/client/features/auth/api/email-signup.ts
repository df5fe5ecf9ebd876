import { useMutation } from "@tanstack/react-query";
import { AUTH_PATHS, TEXT } from "@shared/constants";
import type { SignupBody } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";
import { useFinishSignIn } from "../use-finish-sign-in";

export async function emailSignup(body: SignupBody): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.emailSignup, body);
}

export function useEmailSignup() {
  const finishSignIn = useFinishSignIn();
  return useMutation({
    mutationFn: emailSignup,
    onSuccess: finishSignIn,
    onError: (error) => {
      toast({
        variant: "destructive",
        title: TEXT.signupFailed,
        description: errorMessage(error, TEXT.signupFallback),
      });
    },
  });
}
