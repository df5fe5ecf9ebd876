import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { navigateWholePage } from "@client/lib/browser";
import { apiDo } from "@client/lib/api-call";

/** Ends every session of the person (every device), then this one. */
export async function logOutEverywhere(): Promise<void> {
  await apiDo("POST /api/auth/logout-everywhere");
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
