import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { AUTH_TEXT } from "@client/lib/texts";
import { loginBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { useEmailLogin } from "../api/email-login";
import { EmailField, FormField } from "../form-field";
import { useEmailForm } from "./use-email-form";
import { StepHeader } from "./step-header";
import { StepNav } from "./step-nav";
import { useSingleFlight } from "@client/hooks/use-single-flight";

type Field = "email" | "password";

export function EmailLoginStep({
  onBack,
  onSwitch,
  onForgot,
  onEmailLink,
}: {
  onBack: () => void;
  onSwitch: () => void;
  /** "Forgot password?", with what was typed in Email so far. */
  onForgot: (email: string) => void;
  /** "Email me a sign-in link", with what was typed in Email so far. */
  onEmailLink: (email: string) => void;
}) {
  const login = useEmailLogin();
  const loginOnce = useSingleFlight(login);
  const { values, errors, update, submit } = useEmailForm<Field, typeof loginBody>(
    { email: "", password: "" },
    loginBody,
    (input) => loginOnce(input),
  );

  return (
    <>
      <StepHeader title="Sign in with email" subtitle="Welcome back. Enter your email and password." />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField value={values.email} onChange={update("email")} error={errors.email} />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <Button type="button" variant="link" className="-mt-2 self-end" onClick={() => onForgot(values.email.trim())}>
          {ACCOUNT_TEXT.forgotLink}
        </Button>
        <Button type="submit" size="lg" className="mt-2" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : AUTH_TEXT.signIn}
        </Button>
        <Button type="button" size="lg" variant="outline" onClick={() => onEmailLink(values.email.trim())}>
          {ACCOUNT_TEXT.emailLinkButton}
        </Button>
      </form>
      <StepNav onBack={onBack} switchPrompt="New to VIBE?" switchLabel="Create an account" onSwitch={onSwitch} />
    </>
  );
}
