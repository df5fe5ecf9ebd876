import { VibeLogo } from "@client/components/vibe-logo";
import { ClosingCta } from "./closing-cta";
import { FeatureGrid } from "./feature-grid";
import { HowItWorks } from "./how-it-works";
import { LandingFooter } from "./landing-footer";
import { LandingHero } from "./landing-hero";
import { useLandingGuestLogin } from "./use-landing-guest-login";
import { VibeBackground } from "./vibe-background";

export function LandingPage() {
  const guest = useLandingGuestLogin();
  const startGuest = () => guest.mutate();

  return (
    <div className="relative isolate min-h-dvh overflow-x-clip">
      <VibeBackground />
      <header className="mx-auto flex max-w-6xl items-center px-4 py-5 md:px-8">
        <VibeLogo />
      </header>
      <main>
        <LandingHero onGuest={startGuest} guestPending={guest.isPending} />
        <FeatureGrid />
        <HowItWorks />
        <ClosingCta onGuest={startGuest} guestPending={guest.isPending} />
      </main>
      <LandingFooter />
    </div>
  );
}
