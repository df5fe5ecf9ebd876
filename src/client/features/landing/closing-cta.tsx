import { LANDING_TEXT } from "@client/features/landing/texts";
import { Button } from "@client/components/ui/button";

export function ClosingCta({ onGuest, guestPending }: { onGuest: () => void; guestPending: boolean }) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-16 md:px-8">
      <div className="rounded-3xl bg-linear-to-br from-purple-600/40 via-fuchsia-600/25 to-pink-600/40 p-px">
        <div className="rounded-3xl bg-card/90 px-6 py-12 text-center backdrop-blur md:py-16">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight md:text-4xl">
            {LANDING_TEXT.ctaTitle}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-muted-foreground">
            No sign-up needed: start as a guest and see what matches your mood tonight.
          </p>
          <Button size="lg" className="mt-8" onClick={onGuest} disabled={guestPending}>
            {guestPending ? "Starting..." : LANDING_TEXT.ctaButton}
          </Button>
        </div>
      </div>
    </section>
  );
}
