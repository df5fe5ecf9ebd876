import { ArrowLeft, MailCheck } from "lucide-react";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { forgotPasswordBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { useForgotPassword } from "../api/forgot-password";
import { FormField } from "../form-field";
import { useEmailForm } from "./use-email-form";
import { StepHeader } from "./step-header";

/**
 * "Forgot password?": the email of the account; VIBE mails it a reset link. What it answers does
 * not say whether the address has an account, so neither does this step.
 */
export function ForgotPasswordStep({
  initialEmail,
  onBack,
  focusTitle = true,
}: {
  initialEmail: string;
  onBack: () => void;
  focusTitle?: boolean;
}) {
  const forgot = useForgotPassword();
  const { values, errors, update, submit } = useEmailForm<"email", typeof forgotPasswordBody>(
    { email: initialEmail },
    forgotPasswordBody,
    (input) => forgot.mutate(input),
  );

  if (forgot.isSuccess) {
    return (
      <>
        <StepHeader title={ACCOUNT_TEXT.checkEmailTitle} />
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="size-10 text-pink-300" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{ACCOUNT_TEXT.forgotSent(forgot.variables.email)}</p>
        </div>
        <Button size="lg" variant="outline" className="mt-6 w-full" onClick={onBack}>
          {ACCOUNT_TEXT.backToSignIn}
        </Button>
      </>
    );
  }

  return (
    <>
      <StepHeader title={ACCOUNT_TEXT.forgotTitle} subtitle={ACCOUNT_TEXT.forgotSubtitle} autoFocus={focusTitle} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={update("email")}
          error={errors.email}
        />
        <Button type="submit" size="lg" className="mt-2" disabled={forgot.isPending}>
          {forgot.isPending ? ACCOUNT_TEXT.forgotSending : ACCOUNT_TEXT.forgotSubmit}
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
