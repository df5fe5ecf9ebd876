import { useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";

/** After a successful login, signup or guest start: reread the current user and go to "/". */
export function useFinishSignIn(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return () => {
    void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
    navigate("/");
  };
}
