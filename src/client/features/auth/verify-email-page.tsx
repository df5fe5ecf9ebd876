import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { Button } from "@client/components/ui/button";
import { errorMessage } from "@client/lib/api-error";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { verifyEmail } from "./api/verify-email";
import { AuthCardLayout } from "./auth-card-layout";
import { forgetLinkToken, takeLinkToken } from "./link-token";
import { StepHeader } from "./steps/step-header";

/**
 * /verify-email#token=…: the landing of the verification link. It posts the token once and says
 * whether the address is now verified, or why not (expired, already used, not a valid link).
 */
export function VerifyEmailPage() {
  const [token] = useState(() => takeLinkToken(window.location));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const verify = useMutation({
    mutationFn: verifyEmail,
    // whoever is signed in here sees their address verified (and any role it brings) at once
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY }),
  });
  const sent = useRef(false);
  useEffect(() => {
    forgetLinkToken();
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  const done = (
    <Button size="lg" className="mt-6 w-full" onClick={() => navigate("/")}>
      {ACCOUNT_TEXT.continue}
    </Button>
  );

  return (
    <AuthCardLayout>
      {!token ? (
        <Outcome ok={false} title={ACCOUNT_TEXT.verifyTitle} body={ACCOUNT_TEXT.linkMissing} />
      ) : verify.isSuccess ? (
        <Outcome ok title={ACCOUNT_TEXT.verified} body={ACCOUNT_TEXT.verifiedBody(verify.data.email)} />
      ) : verify.isError ? (
        <Outcome
          ok={false}
          title={ACCOUNT_TEXT.verifyTitle}
          body={errorMessage(verify.error, "Could not verify your email. Please try again.")}
        />
      ) : (
        <>
          <StepHeader title={ACCOUNT_TEXT.verifyTitle} />
          <p role="status" className="text-center text-sm text-muted-foreground">
            {ACCOUNT_TEXT.verifying}
          </p>
        </>
      )}
      {(!token || verify.isSuccess || verify.isError) && done}
    </AuthCardLayout>
  );
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
