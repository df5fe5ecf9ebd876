import { useEffect, useState } from "react";
import { AuthCardLayout } from "./auth-card-layout";
import { initialStep, otherEmailStep, previousStep, type LoginStep } from "./login-steps";
import { oauthErrorMessage } from "./oauth-error";
import { EmailLoginStep } from "./steps/email-login-step";
import { EmailSignupStep } from "./steps/email-signup-step";
import { EmailLinkStep } from "./steps/email-link-step";
import { ForgotPasswordStep } from "./steps/forgot-password-step";
import { ProvidersStep } from "./steps/providers-step";
import { WelcomeStep } from "./steps/welcome-step";

export function LoginPage() {
  // ?step=forgot-password (a link in account mail) opens the reset request directly
  const [step, setStep] = useState<LoginStep>(() => initialStep(window.location.search));
  const [moved, setMoved] = useState(false);
  const [forgotEmail, setForgotEmail] = useState("");
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
    <AuthCardLayout>
      {oauthError && !moved && (
        <p role="alert" className="mb-6 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm">
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
      {step === "signin-providers" && <ProvidersStep mode="signin" onEmail={() => go("email-login")} onBack={back} />}
      {step === "signup-providers" && <ProvidersStep mode="signup" onEmail={() => go("email-signup")} onBack={back} />}
      {step === "email-login" && (
        <EmailLoginStep
          onBack={back}
          onSwitch={() => go(otherEmailStep(step))}
          onForgot={(email) => {
            setForgotEmail(email);
            go("forgot-password");
          }}
          onEmailLink={(email) => {
            setForgotEmail(email);
            go("email-link");
          }}
        />
      )}
      {step === "forgot-password" && <ForgotPasswordStep initialEmail={forgotEmail} onBack={back} />}
      {step === "email-link" && <EmailLinkStep initialEmail={forgotEmail} onBack={back} />}
      {step === "email-signup" && <EmailSignupStep onBack={back} onSwitch={() => go(otherEmailStep(step))} />}
    </AuthCardLayout>
  );
}
