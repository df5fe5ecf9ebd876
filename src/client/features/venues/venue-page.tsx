import { ArrowLeft, Compass } from "lucide-react";
import { useEffect, useMemo, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { Venue } from "@shared/contracts/venues";
import { Button, buttonVariants } from "@client/components/ui/button";
import { DataCredits } from "@client/components/data-credits";
import { VibeLogo } from "@client/components/vibe-logo";
import { NotFoundPage } from "@client/app/not-found-page";
import { VenuePin } from "@client/features/map/venue-pin";
import { useLandingGuestLogin } from "@client/features/landing/use-landing-guest-login";
import { errorStatus } from "@client/lib/api-error";
import { LOADING_TEXT } from "@client/lib/texts";
import { rememberReturnTo } from "@client/lib/return-to";
import { cn } from "@client/lib/utils";
import { useVenueById } from "./api/venue-by-id";
import { SheetBody } from "./components/venue-details-sheet";
import { dismissLocationError } from "./hooks/use-geolocation";
import { aroundPath, openedFromApp, venueOfPath } from "./lib/venue-link";
import { VENUE_PAGE_TEXT } from "./texts";

/**
 * A venue's own page (issue 26), /venues/osm/node/123: what a shared link opens, for anyone, signed
 * in (inside the app's shell) or not (with VIBE's mark and a way in). Its name, kind, address,
 * hours, vibes with their evidence, the map pin, Directions and Share, then "See what's around it":
 * Home's matches around the venue. It needs no position, so it asks for none, and a Location Error
 * from a page before is taken away. The server wrote the venue's title and link-preview tags into
 * the HTML already (src/server/venues/venue-page.ts); an unknown venue is the 404 card.
 */
export function VenuePage({ signedIn }: { signedIn: boolean }) {
  const [location] = useLocation();
  // the raw path: wouter's location is decoded once already, and an id may hold an escaped "%"
  const named = useMemo(() => venueOfPath(window.location.pathname), [location]);
  const venue = useVenueById(named?.externalId ?? null, null);
  useEffect(dismissLocationError, []);
  useVenueTitle(venue.data ?? null);

  if (!named || errorStatus(venue.error) === 404) return signedIn ? <NotFoundPage /> : <PublicNotFound />;
  const body = venue.data ? (
    <VenueView venue={venue.data} signedIn={signedIn} />
  ) : venue.isError ? (
    <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center">
      <p>{VENUE_PAGE_TEXT.loadFailed}</p>
      <Button variant="outline" onClick={() => void venue.refetch()} disabled={venue.isFetching}>
        {VENUE_PAGE_TEXT.retry}
      </Button>
    </div>
  ) : (
    <p role="status" className="py-16 text-center text-muted-foreground">
      {LOADING_TEXT}
    </p>
  );
  return signedIn ? (
    <div className="mx-auto w-full max-w-2xl px-4 py-4 md:px-8 md:py-8">{body}</div>
  ) : (
    <PublicFrame>{body}</PublicFrame>
  );
}

/** The tab's title while the page shows the venue (the server's HTML had it from the start). */
function useVenueTitle(venue: Venue | null) {
  useEffect(() => {
    if (!venue) return;
    const before = document.title;
    document.title = VENUE_PAGE_TEXT.title(venue.name, venue.category);
    return () => {
      document.title = before;
    };
  }, [venue]);
}

function VenueView({ venue, signedIn }: { venue: Venue; signedIn: boolean }) {
  const fromApp = openedFromApp(window.history.state);
  const header = (
    <header className="mb-4">
      {fromApp && (
        <Button variant="ghost" size="sm" className="mb-2 -ml-2" onClick={() => window.history.back()}>
          <ArrowLeft aria-hidden="true" />
          {VENUE_PAGE_TEXT.back}
        </Button>
      )}
      <h1 className="text-2xl leading-tight font-bold break-words sm:text-3xl">{venue.name}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{venue.category}</p>
    </header>
  );
  const aside = (
    <>
      <Around venue={venue} signedIn={signedIn} />
      <VenuePin venue={venue} className="mt-4" />
    </>
  );
  return <SheetBody venue={venue} page={{ header, aside }} />;
}

/** The way in: Home's matches around the venue; signed out, a guest session starts first. */
function Around({ venue, signedIn }: { venue: Venue; signedIn: boolean }) {
  const guest = useLandingGuestLogin();
  const className = cn(buttonVariants({ variant: "secondary" }), "mt-2 h-11 w-full px-4");
  if (signedIn)
    return (
      <Link href={aroundPath(venue)} className={className}>
        <Compass aria-hidden="true" />
        {VENUE_PAGE_TEXT.around}
      </Link>
    );
  return (
    <div className="mt-2">
      <button
        type="button"
        className={className}
        disabled={guest.isPending}
        onClick={() => {
          rememberReturnTo(aroundPath(venue));
          guest.mutate();
        }}
      >
        <Compass aria-hidden="true" />
        {VENUE_PAGE_TEXT.around}
      </button>
      <p className="mt-1 text-center text-xs text-muted-foreground">{VENUE_PAGE_TEXT.aroundSignedOut}</p>
    </div>
  );
}

/** Signed out: VIBE's mark (to the landing page) and Sign In, which comes back to this venue. */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex w-full max-w-2xl items-center justify-between px-4 py-4 md:px-8">
        <Link href="/" className="rounded-lg" aria-label="VIBE home">
          <VibeLogo size="sm" />
        </Link>
        <Link
          href="/login"
          onClick={() => rememberReturnTo(window.location.pathname)}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
        >
          {VENUE_PAGE_TEXT.signIn}
        </Link>
      </header>
      <main id="main-content" className="mx-auto w-full max-w-2xl px-4 pb-8 md:px-8">
        {children}
      </main>
      <footer className="mx-auto w-full max-w-2xl px-4 pb-6 md:px-8">
        <DataCredits className="border-t border-border pt-4" />
      </footer>
    </div>
  );
}

function PublicNotFound() {
  return (
    <main>
      <NotFoundPage />
    </main>
  );
}
