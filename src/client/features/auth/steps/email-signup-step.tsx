import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { signupBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { useEmailSignup } from "../api/email-signup";
import { EmailField, FormField, NewPasswordField } from "../form-field";
import { useEmailForm } from "./use-email-form";
import { StepHeader } from "./step-header";
import { StepNav } from "./step-nav";
import { useSingleFlight } from "@client/hooks/use-single-flight";

type Field = "email" | "password" | "firstName" | "lastName";

export function EmailSignupStep({ onBack, onSwitch }: { onBack: () => void; onSwitch: () => void }) {
  return (
    <EmailSignupForm
      header={<StepHeader title="Sign up with email" subtitle="Create your free VIBE account." />}
      onSwitch={onSwitch}
      footer={
        <StepNav onBack={onBack} switchPrompt="Already have an account?" switchLabel="Sign in" onSwitch={onSwitch} />
      }
    />
  );
}

/**
 * The email sign-up form and its "check your email" answer. On the login screen a new account goes
 * to "/"; a guest upgrading from Profile passes `onSignedIn` and stays where they are (the server
 * turns the guest into the account, keeping what they did).
 */
export function EmailSignupForm({
  header,
  footer,
  onSwitch,
  onSignedIn,
}: {
  header: ReactNode;
  footer?: ReactNode;
  /** "Go to sign in" after an address that already had an account; none: the button is not shown. */
  onSwitch?: () => void;
  onSignedIn?: () => void;
}) {
  const signup = useEmailSignup(onSignedIn);
  const signupOnce = useSingleFlight(signup);
  const { values, errors, update, submit } = useEmailForm<Field, typeof signupBody>(
    { email: "", password: "", firstName: "", lastName: "" },
    signupBody,
    (input) => signupOnce(input),
  );

  // The address already had an account (or the answer was otherwise not a sign-in): its owner
  // got a mail saying what to do, and this screen says no more than that.
  if (signup.isSuccess && !signup.data.signedIn) {
    return (
      <>
        <StepHeader title={ACCOUNT_TEXT.checkEmailTitle} />
        <div role="status" className="flex flex-col items-center gap-4 text-center">
          <MailCheck className="size-10 text-pink-300" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">{ACCOUNT_TEXT.checkEmailBody(signup.data.email)}</p>
        </div>
        {onSwitch && (
          <Button size="lg" variant="outline" className="mt-6 w-full" onClick={onSwitch}>
            {ACCOUNT_TEXT.goToSignIn}
          </Button>
        )}
      </>
    );
  }

  return (
    <>
      {header}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField value={values.email} onChange={update("email")} error={errors.email} />
        <NewPasswordField
          label="Password"
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="First name (optional)"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={update("firstName")}
            error={errors.firstName}
          />
          <FormField
            label="Last name (optional)"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={update("lastName")}
            error={errors.lastName}
          />
        </div>
        <Button type="submit" size="lg" className="mt-2" disabled={signup.isPending}>
          {signup.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
      {footer}
    </>
  );
}
