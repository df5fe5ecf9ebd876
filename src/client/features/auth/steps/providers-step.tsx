import { SignInMethods } from "@client/components/sign-in-methods";
import { StepHeader } from "./step-header";

const titles = {
  signin: { title: "Sign in to VIBE", subtitle: "Choose how you want to sign in." },
  signup: { title: "Create your account", subtitle: "Choose how you want to sign up." },
} as const;

interface ProvidersStepProps {
  mode: "signin" | "signup";
  onEmail: () => void;
  onBack: () => void;
}

export function ProvidersStep({ mode, onEmail, onBack }: ProvidersStepProps) {
  return (
    <>
      <StepHeader {...titles[mode]} />
      <SignInMethods onEmail={onEmail} onBack={onBack} />
    </>
  );
}
