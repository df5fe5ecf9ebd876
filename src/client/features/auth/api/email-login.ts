import { useMutation } from "@tanstack/react-query";
import { TEXT } from "@shared/vocabulary";
import type { LoginBody } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import { useFinishSignIn } from "../use-finish-sign-in";

export async function emailLogin(body: LoginBody): Promise<void> {
  await apiDo("POST /auth/email/login", { body });
}

export function useEmailLogin() {
  const finishSignIn = useFinishSignIn();
  return useMutation({
    mutationFn: emailLogin,
    onSuccess: finishSignIn,
    onError: (error) => {
      toast({
        variant: "destructive",
        title: TEXT.loginFailed,
        description: errorMessage(error, TEXT.invalidCredentials),
      });
    },
  });
}
