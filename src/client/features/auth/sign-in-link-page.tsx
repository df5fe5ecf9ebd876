import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { Button } from "@client/components/ui/button";
import { errorMessage } from "@client/lib/api-error";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";
import { signInWithLink } from "./api/sign-in-link";
import { AuthCardLayout } from "./auth-card-layout";
import { forgetLinkToken, takeLinkToken } from "./link-token";
import { StepHeader } from "./steps/step-header";

/**
 * /sign-in-link#token=…: the landing of a sign-in link ("Email me a sign-in link"; docs/sign-in.md,
 * "Sign-in links"). Opening it changes nothing: a mail scanner or a prefetch that runs the page
 * spends nothing. The button signs this browser in with the link (once), then goes to "/".
 */
export function SignInLinkPage() {
  const [token] = useState(() => takeLinkToken(window.location));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useEffect(() => forgetLinkToken(), []);

  const signIn = useMutation({
    mutationFn: signInWithLink,
    onSuccess: (user) => {
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
      navigate("/");
    },
  });

  const refused = (body: string) => (
    <>
      <StepHeader title={ACCOUNT_TEXT.signInLinkTitle} />
      <div role="alert" className="flex flex-col items-center gap-4 text-center">
        <AlertCircle className="size-10 text-red-300" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{body}</p>
      </div>
      <Button size="lg" className="mt-6 w-full" onClick={() => navigate("/login?step=email-link")}>
        {ACCOUNT_TEXT.signInLinkAgain}
      </Button>
    </>
  );

  let body;
  if (!token) body = refused(ACCOUNT_TEXT.linkMissing);
  else if (signIn.isError) body = refused(errorMessage(signIn.error, "Could not sign you in. Please try again."));
  else
    body = (
      <>
        <StepHeader title={ACCOUNT_TEXT.signInLinkTitle} subtitle={ACCOUNT_TEXT.signInLinkBody} />
        <Button
          size="lg"
          className="w-full"
          disabled={signIn.isPending || signIn.isSuccess}
          onClick={() => signIn.mutate({ token })}
        >
          {signIn.isPending ? ACCOUNT_TEXT.signingIn : ACCOUNT_TEXT.signInLinkSubmit}
        </Button>
      </>
    );
  return <AuthCardLayout>{body}</AuthCardLayout>;
}
