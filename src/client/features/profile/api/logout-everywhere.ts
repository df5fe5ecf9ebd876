import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT, AUTH_PATHS } from "@shared/constants";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { navigateWholePage } from "@client/lib/browser";
import { apiRequest } from "@client/lib/query-client";

/** Ends every session of the person (every device), then this one. */
export async function logOutEverywhere(): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.logoutEverywhere);
}

export function useLogOutEverywhere() {
  return useMutation({
    mutationFn: logOutEverywhere,
    // as after Log Out: the app starts again, signed out
    onSuccess: () => navigateWholePage("/"),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: ACCOUNT_TEXT.signOutEverywhereFailed,
        description: errorMessage(error, "Please try again in a moment."),
      }),
  });
}
