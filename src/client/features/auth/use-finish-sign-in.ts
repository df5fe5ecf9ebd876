import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { takeReturnTo } from "@client/lib/return-to";

/**
 * After a successful login, signup or guest start: reread the current user and go to "/" (or the page a signed-out
 * deep link asked for).
 */
export function useFinishSignIn(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
    navigate(takeReturnTo() ?? "/");
  };
}
