import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { resetPasswordBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { errorMessage } from "@client/lib/api-error";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { verifyEmail } from "./api/verify-email";
import { previewVerification } from "./api/verify-email-preview";
import { AuthCardLayout } from "./auth-card-layout";
import { NewPasswordField } from "./form-field";
import { forgetLinkToken, takeLinkToken } from "./link-token";
import { StepHeader } from "./steps/step-header";
import { useEmailForm } from "./steps/use-email-form";
import { useSingleFlight } from "@client/hooks/use-single-flight";

const passwordOnly = resetPasswordBody.pick({ password: true });

/**
 * /verify-email#token=…: the landing of the verification link. Opening it changes nothing
 * (docs/sign-in.md, "Proving an address"): the page asks the server what following the link will
 * do, says so, and acts on a click. When the link hands the account to this browser (its address
 * was never proven and this is not the account's own session), the person chooses the password:
 * every other session ends and any password set before stops working.
 */
export function VerifyEmailPage() {
  const [token] = useState(() => takeLinkToken(window.location));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => forgetLinkToken(), []);

  const preview = useQuery({
    queryKey: ["verify-email-preview", token],
    queryFn: () => previewVerification(token!),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  const verify = useMutation({
    mutationFn: verifyEmail,
    // whoever is signed in here (now, after a hand-over, the prover) sees the address verified at once
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY }),
  });
  const verifyOnce = useSingleFlight(verify);
  const { values, errors, update, submit } = useEmailForm<"password", typeof passwordOnly>(
    { password: "" },
    passwordOnly,
    ({ password }) => token && verifyOnce({ token, password }),
  );

  const done = (
    <Button size="lg" className="mt-6 w-full" onClick={() => navigate("/")}>
      {ACCOUNT_TEXT.continue}
    </Button>
  );
  const failed = (error: unknown) => (
    <>
      <Outcome
        ok={false}
        title={ACCOUNT_TEXT.verifyTitle}
        body={errorMessage(error, "Could not verify your email. Please try again.")}
      />
      {done}
    </>
  );

  let body;
  if (!token) {
    body = (
      <>
        <Outcome ok={false} title={ACCOUNT_TEXT.verifyTitle} body={ACCOUNT_TEXT.linkMissing} />
        {done}
      </>
    );
  } else if (verify.isSuccess) {
    const { email, claimed } = verify.data;
    body = (
      <>
        <Outcome
          ok
          title={ACCOUNT_TEXT.verified}
          body={claimed ? ACCOUNT_TEXT.verifiedClaimedBody(email) : ACCOUNT_TEXT.verifiedBody(email)}
        />
        {done}
      </>
    );
  } else if (preview.isError) {
    body = failed(preview.error);
  } else if (!preview.data) {
    body = (
      <>
        <StepHeader title={ACCOUNT_TEXT.verifyTitle} />
        <p role="status" className="text-center text-sm text-muted-foreground">
          {ACCOUNT_TEXT.verifyChecking}
        </p>
      </>
    );
  } else if (preview.data.needsPassword) {
    body = (
      <>
        <StepHeader title={ACCOUNT_TEXT.verifyTitle} subtitle={ACCOUNT_TEXT.verifyClaimBody(preview.data.email)} />
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <NewPasswordField
            label={ACCOUNT_TEXT.newPassword}
            value={values.password}
            onChange={update("password")}
            error={errors.password}
          />
          {verify.isError && (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(verify.error, "Could not verify your email. Please try again.")}
            </p>
          )}
          <Button type="submit" size="lg" className="mt-2" disabled={verify.isPending}>
            {verify.isPending ? ACCOUNT_TEXT.verifying : ACCOUNT_TEXT.verifyClaimSubmit}
          </Button>
        </form>
      </>
    );
  } else if (verify.isError) {
    body = failed(verify.error);
  } else {
    body = (
      <>
        <StepHeader title={ACCOUNT_TEXT.verifyTitle} subtitle={ACCOUNT_TEXT.verifyConfirmBody(preview.data.email)} />
        <Button size="lg" className="w-full" disabled={verify.isPending} onClick={() => verifyOnce({ token })}>
          {verify.isPending ? ACCOUNT_TEXT.verifying : ACCOUNT_TEXT.verifySubmit}
        </Button>
      </>
    );
  }
  return <AuthCardLayout>{body}</AuthCardLayout>;
}

function Outcome({ ok, title, body }: { ok: boolean; title: string; body: string }) {
  const Icon = ok ? CircleCheck : AlertCircle;
  return (
    <>
      <StepHeader title={title} />
      <div role={ok ? "status" : "alert"} className="flex flex-col items-center gap-4 text-center">
        <Icon className={ok ? "size-10 text-emerald-300" : "size-10 text-red-300"} aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{body}</p>
      </div>
    </>
  );
}
