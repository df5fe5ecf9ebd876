import { useEffect, useState } from "react";
import { LegalLinks } from "@client/components/legal-links";
import { Card } from "@client/components/ui/card";
import { VibeLogo } from "@client/components/vibe-logo";
import { otherEmailStep, previousStep, type LoginStep } from "./login-steps";
import { oauthErrorMessage } from "./oauth-error";
import { EmailLoginStep } from "./steps/email-login-step";
import { EmailSignupStep } from "./steps/email-signup-step";
import { ProvidersStep } from "./steps/providers-step";
import { WelcomeStep } from "./steps/welcome-step";

export function LoginPage() {
  const [step, setStep] = useState<LoginStep>("landing");
  const [moved, setMoved] = useState(false);
  // A Google, Apple or X sign-in that did not complete comes back here with ?error=; the message
  // stays until the person moves on, and the address loses the query so a reload does not repeat it.
  const [oauthError] = useState(() => oauthErrorMessage(window.location.search));
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  const go = (next: LoginStep) => {
    setMoved(true);
    setStep(next);
  };
  const back = () => go(previousStep(step) ?? "landing");

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-x-clip">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-linear-to-b from-purple-900/40 via-pink-900/10 to-transparent"
      />
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-5 md:px-8">
        <VibeLogo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          {oauthError && !moved && (
            <p
              role="alert"
              className="mb-6 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
            >
              {oauthError}
            </p>
          )}
          {step === "landing" && (
            <WelcomeStep
              onSignUp={() => go("signup-providers")}
              onSignIn={() => go("signin-providers")}
              focusTitle={moved}
            />
          )}
          {step === "signin-providers" && (
            <ProvidersStep mode="signin" onEmail={() => go("email-login")} onBack={back} />
          )}
          {step === "signup-providers" && (
            <ProvidersStep mode="signup" onEmail={() => go("email-signup")} onBack={back} />
          )}
          {step === "email-login" && <EmailLoginStep onBack={back} onSwitch={() => go(otherEmailStep(step))} />}
          {step === "email-signup" && <EmailSignupStep onBack={back} onSwitch={() => go(otherEmailStep(step))} />}
          <LegalLinks className="mt-6 border-t border-border pt-6 text-center" />
        </Card>
      </main>
    </div>
  );
}
