import { useMutation } from "@tanstack/react-query";
import { AUTH_PATHS, TEXT } from "@shared/constants";
import type { LoginBody } from "@shared/contracts/auth";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiRequest } from "@client/lib/query-client";
import { useFinishSignIn } from "../use-finish-sign-in";

export async function emailLogin(body: LoginBody): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.emailLogin, body);
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
