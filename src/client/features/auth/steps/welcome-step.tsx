import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { AUTH_TEXT } from "@client/lib/texts";
import { Button, buttonVariants } from "@client/components/ui/button";
import { cn } from "@client/lib/utils";
import { useGuestLogin } from "../api/guest-login";
import { StepHeader } from "./step-header";

interface WelcomeStepProps {
  onSignUp: () => void;
  onSignIn: () => void;
  focusTitle: boolean;
}

export function WelcomeStep({ onSignUp, onSignIn, focusTitle }: WelcomeStepProps) {
  const guest = useGuestLogin();
  return (
    <>
      <StepHeader title="Welcome to VIBE" subtitle="Find places that match your mood." autoFocus={focusTitle} />
      <div className="flex flex-col gap-3">
        <Button size="lg" onClick={onSignUp}>
          {AUTH_TEXT.signUp}
        </Button>
        <Button size="lg" variant="outline" onClick={onSignIn}>
          {AUTH_TEXT.signIn}
        </Button>
        <Button size="lg" variant="ghost" onClick={() => guest.mutate()} disabled={guest.isPending}>
          {guest.isPending ? "Starting..." : AUTH_TEXT.continueAsGuest}
        </Button>
      </div>
      <Link href="/" className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "mt-4")}>
        <ArrowLeft aria-hidden="true" />
        {AUTH_TEXT.back}
      </Link>
    </>
  );
}
