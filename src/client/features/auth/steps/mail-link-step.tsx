import type { UseMutationResult } from "@tanstack/react-query";
import { ArrowLeft, MailCheck } from "lucide-react";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { forgotPasswordBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { useSingleFlight } from "@client/hooks/use-single-flight";
import { EmailField } from "../form-field";
import { useEmailForm } from "./use-email-form";
import { StepHeader } from "./step-header";

/**
 * A step that asks for the account's email and has VIBE mail it a link (a reset link, a sign-in
 * link): what the server answers does not say whether the address has an account, so neither does
 * the step. The submit is latched while the request is in flight (issue 26).
 */
export function MailLinkStep({
  request,
  texts,
  initialEmail,
  onBack,
  focusTitle = true,
}: {
  request: UseMutationResult<void, Error, { email: string }>;
  texts: { title: string; subtitle: string; submit: string; sent: (email: string) => string };
  initialEmail: string;
  onBack: () => void;
  focusTitle?: boolean;
}) {
  const send = useSingleFlight(request);
  // every mail-link request's body is the same `{ email }` (contracts/auth.ts)
  const { values, errors, update, submit } = useEmailForm<"email", typeof forgotPasswordBody>(
    { email: initialEmail },
    forgotPasswordBody,
    (input) => send(input),
  );

  if (request.isSuccess) {
    return (
      <>
        <StepHeader title={ACCOUNT_TEXT.checkEmailTitle} />
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="size-10 text-pink-300" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{texts.sent(request.variables.email)}</p>
        </div>
        <Button size="lg" variant="outline" className="mt-6 w-full" onClick={onBack}>
          {ACCOUNT_TEXT.backToSignIn}
        </Button>
      </>
    );
  }

  return (
    <>
      <StepHeader title={texts.title} subtitle={texts.subtitle} autoFocus={focusTitle} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField value={values.email} onChange={update("email")} error={errors.email} />
        <Button type="submit" size="lg" className="mt-2" disabled={request.isPending}>
          {request.isPending ? ACCOUNT_TEXT.forgotSending : texts.submit}
        </Button>
      </form>
      <div className="mt-6">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {ACCOUNT_TEXT.backToSignIn}
        </Button>
      </div>
    </>
  );
}
