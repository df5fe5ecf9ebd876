import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { resetPasswordBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { resetPassword } from "./api/reset-password";
import { AuthCardLayout } from "./auth-card-layout";
import { NewPasswordField } from "./form-field";
import { forgetLinkToken, linkRefusal, takeLinkToken } from "./link-token";
import { ForgotPasswordStep } from "./steps/forgot-password-step";
import { StepHeader } from "./steps/step-header";
import { useEmailForm } from "./steps/use-email-form";
import { useSingleFlight } from "@client/hooks/use-single-flight";

const passwordOnly = resetPasswordBody.pick({ password: true });

/**
 * /reset-password#token=…: the landing of a reset link. A new password (the sign-up rule); the
 * server sets it, ends every other session of the account and signs this browser in. A link that
 * expired or was used says so and offers a new one right here.
 */
export function ResetPasswordPage() {
  const [token] = useState(() => takeLinkToken(window.location));
  const [requestingNew, setRequestingNew] = useState(false);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => forgetLinkToken(), []);

  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, user);
      toast({ title: ACCOUNT_TEXT.resetDone, description: ACCOUNT_TEXT.resetDoneBody });
      navigate("/");
    },
    onError: (error) => {
      if (linkRefusal(error)) return; // shown on the page instead
      toast({
        variant: "destructive",
        title: ACCOUNT_TEXT.resetFailed,
        description: errorMessage(error, "Please try again in a moment."),
      });
    },
  });

  const resetOnce = useSingleFlight(reset);
  const { values, errors, update, submit } = useEmailForm<"password", typeof passwordOnly>(
    { password: "" },
    passwordOnly,
    ({ password }) => token && resetOnce({ token, password }),
  );
  const refused = reset.isError && linkRefusal(reset.error);

  if (requestingNew) {
    return (
      <AuthCardLayout>
        <ForgotPasswordStep initialEmail="" onBack={() => navigate("/")} />
      </AuthCardLayout>
    );
  }
  if (!token || refused) {
    return (
      <AuthCardLayout>
        <StepHeader title={ACCOUNT_TEXT.resetTitle} />
        <div role="alert" className="flex flex-col items-center gap-4 text-center">
          <AlertCircle className="size-10 text-red-300" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">
            {refused ? errorMessage(reset.error, ACCOUNT_TEXT.linkInvalid) : ACCOUNT_TEXT.linkMissing}
          </p>
        </div>
        <Button size="lg" className="mt-6 w-full" onClick={() => setRequestingNew(true)}>
          {ACCOUNT_TEXT.requestNewLink}
        </Button>
      </AuthCardLayout>
    );
  }

  return (
    <AuthCardLayout>
      <StepHeader title={ACCOUNT_TEXT.resetTitle} subtitle={ACCOUNT_TEXT.resetSubtitle} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <NewPasswordField
          label={ACCOUNT_TEXT.newPassword}
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <Button type="submit" size="lg" className="mt-2" disabled={reset.isPending}>
          {reset.isPending ? ACCOUNT_TEXT.resetSaving : ACCOUNT_TEXT.resetSubmit}
        </Button>
      </form>
    </AuthCardLayout>
  );
}
