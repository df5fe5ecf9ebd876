import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { ChevronRight, Clock, ExternalLink, Globe, MapPin, Navigation, Phone, Share2, Ticket, X } from "lucide-react";
import type { ReactNode } from "react";
import { TEXT } from "@shared/vocabulary";
import { VENUE_TEXT, VIBE_EVIDENCE_TEXT } from "@client/features/venues/texts";
import type { Venue, VenueDetails } from "@shared/contracts/venues";
import { buttonVariants } from "@client/components/ui/button";
import { Dialog as HistoryDialog } from "@client/components/ui/dialog";
import { useAuth } from "@client/lib/auth";
import { useLiveVenue } from "@client/lib/live-venues";
import { cn } from "@client/lib/utils";
import { useVenueDetails } from "../api/venue-details";
import { useVenueReviews } from "../api/venue-reviews";
import { useVibeVotes } from "../api/vibe-votes";
import { creditsOf, OSM_CREDIT } from "../lib/credits";
import { detailsVibes, directionsUrl, safeWebsite, telHref } from "../lib/venue-display";
import { shareVenue } from "../lib/share-venue";
import { vibeReasons } from "../lib/vibe-evidence";
import { CapacityBadge } from "./capacity-badge";
import { LiveStatus } from "./live-status";
import { OpenStatusLine } from "./open-status";
import { FavoriteButton } from "./favorite-button";
import { VenueFigures } from "./venue-figures";
import { VenueImage } from "./venue-image";
import { VenueReviews } from "./venue-reviews";
import { VibeIcon } from "./vibe-icon";
import { VibeVotePanel } from "./vibe-votes";

interface VenueDetailsSheetProps {
  venue: Venue | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called instead of Radix's own focus return, which needs a Dialog.Trigger. */
  restoreFocus: () => void;
}

const tabClass =
  "inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-medium " +
  "text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-card " +
  "data-[state=active]:text-foreground data-[state=active]:shadow";
const actionClass = cn(buttonVariants({ variant: "outline" }), "h-11 px-4");

/**
 * Venue details (spec 2): a bottom sheet on phones and a side sheet from md up. Radix Dialog
 * traps focus, closes on Escape and hides the page from assistive technology while open.
 */
export function VenueDetailsSheet({ venue, open, onOpenChange, restoreFocus }: VenueDetailsSheetProps) {
  return (
    // a history entry while open, which keeps the venue: Back closes the panel, Forward opens it again
    <HistoryDialog open={open && venue !== null} onOpenChange={onOpenChange} historyKind="venue" historyData={venue}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={
            "fixed inset-0 z-50 bg-black/70 backdrop-blur-[2px] " +
            "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
          }
        />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
          className={cn(
            // below the top 7rem, where a toast shows (tests/e2e/toasts.test.ts): it never covers the Close button
            "fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-7rem)] flex-col rounded-t-3xl " +
              "border-t border-border bg-card text-card-foreground shadow-2xl outline-none",
            "data-[state=closed]:animate-sheet-down data-[state=open]:animate-sheet-up",
            "md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-[30rem] " +
              "md:max-w-full md:rounded-none md:rounded-l-3xl md:border-t-0 md:border-l",
            "md:data-[state=closed]:animate-sheet-out-right md:data-[state=open]:animate-sheet-in-right",
          )}
        >
          {venue && <SheetBody key={venue.id} venue={venue} />}
        </Dialog.Content>
      </Dialog.Portal>
    </HistoryDialog>
  );
}

/**
 * On a venue's own page (venue-page.tsx) the same body is the page: `header` (its h1) in place of
 * the sheet's title and close button, the actions under the picture, then `aside` (the map pin, a
 * way in), and the evidence behind the vibes unfolded.
 */
export interface VenuePageParts {
  header: ReactNode;
  aside: ReactNode;
}

export function SheetBody({ venue: opened, page }: { venue: Venue; page?: VenuePageParts }) {
  // the live status as the websocket has it now, as on the card (issue 26)
  const venue = useLiveVenue(opened);
  const details = useVenueDetails(venue.externalId);
  const reviews = useVenueReviews(venue.externalId);
  const loading = details.isPending;
  const data = details.data ?? null;
  const phone = data?.phone ?? venue.phoneNumber;
  const tel = telHref(phone);
  // a venue's page is open to anyone: only a signed-in person has favourites
  const signedIn = useAuth().isAuthenticated;
  const actions = (
    <>
      <a
        href={directionsUrl(venue)}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(buttonVariants(), "h-11 w-full px-4")}
      >
        <Navigation aria-hidden="true" />
        {VENUE_TEXT.getDirections}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <div className="flex gap-2 [&>*]:flex-1">
        <button type="button" onClick={() => void shareVenue(venue)} className={actionClass}>
          <Share2 aria-hidden="true" />
          {VENUE_TEXT.share}
        </button>
        {tel && (
          <a href={tel} className={actionClass}>
            <Phone aria-hidden="true" />
            {VENUE_TEXT.call}
          </a>
        )}
        {signedIn && <FavoriteButton venue={venue} variant="action" />}
      </div>
    </>
  );

  return (
    <>
      {!page && (
        <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-12 shrink-0 rounded-full bg-white/20 md:hidden" />
      )}
      {page ? page.header : <SheetHeader venue={venue} />}

      <div className={page ? "" : "min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-4"}>
        <div className="relative aspect-[16/9] max-h-52 w-full overflow-hidden rounded-2xl bg-muted">
          <VenueImage url={venue.imageUrl} venue={venue} loading="eager" />
          <CapacityBadge status={venue.latestUpdate?.capacityStatus ?? null} className="absolute top-2.5 left-2.5" />
        </div>
        {/* the rating as the server has it now: a review written here changes it */}
        <VenueFigures venue={{ ...venue, ...(reviews.data?.rating ?? {}) }} className="mt-3" />
        <OpenStatusLine
          status={data?.openStatus ?? venue.openStatus}
          liveOpen={venue.latestUpdate?.isOpen ?? null}
          className="mt-2"
        />
        {page && (
          <>
            <div className="mt-4 flex flex-col gap-2">{actions}</div>
            {page.aside}
          </>
        )}

        <Tabs.Root defaultValue="about" className="mt-4">
          <Tabs.List aria-label="Venue details" className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
            <Tabs.Trigger value="about" className={tabClass}>
              {VENUE_TEXT.tabs.about}
            </Tabs.Trigger>
            <Tabs.Trigger value="reviews" className={tabClass}>
              {VENUE_TEXT.tabs.reviews}
            </Tabs.Trigger>
            <Tabs.Trigger value="photos" className={tabClass}>
              {VENUE_TEXT.tabs.photos}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="about" className="rounded-lg pt-4">
            {loading ? (
              <Loading text={VENUE_TEXT.loadingDetails} />
            ) : (
              <About venue={venue} details={data} phone={phone} evidenceOpen={!!page} />
            )}
          </Tabs.Content>
          <Tabs.Content value="reviews" className="rounded-lg pt-4">
            <VenueReviews externalId={venue.externalId} />
          </Tabs.Content>
          <Tabs.Content value="photos" className="rounded-lg pt-4">
            {loading ? (
              <Loading text={VENUE_TEXT.loadingPhotos} />
            ) : (
              <Photos venue={venue} photos={data?.photos ?? []} />
            )}
          </Tabs.Content>
        </Tabs.Root>
      </div>

      {!page && (
        <footer
          className={
            "flex flex-col gap-2 border-t border-border px-5 " + "pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]"
          }
        >
          {actions}
        </footer>
      )}
    </>
  );
}

function SheetHeader({ venue }: { venue: Venue }) {
  return (
    <header className="flex items-start gap-3 px-5 pt-3 pb-3 md:pt-6">
      <div className="min-w-0 flex-1">
        <Dialog.Title className="text-xl leading-tight font-bold break-words">{venue.name}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted-foreground">{venue.category}</Dialog.Description>
      </div>
      <Dialog.Close
        aria-label={VENUE_TEXT.close}
        className={
          "inline-flex size-10 shrink-0 items-center justify-center rounded-full " +
          "text-muted-foreground hover:bg-white/10 hover:text-foreground"
        }
      >
        <X className="size-5" aria-hidden="true" />
      </Dialog.Close>
    </header>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="py-6 text-center text-sm text-muted-foreground">
      {text}
    </p>
  );
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="mt-0.5 text-pink-300 [&_svg]:size-4">
        <span aria-hidden="true">{icon}</span>
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 flex-1 text-sm break-words">{children}</dd>
    </div>
  );
}

function About({
  venue,
  details,
  phone,
  evidenceOpen,
}: {
  venue: Venue;
  details: VenueDetails | null;
  phone: string | null;
  evidenceOpen: boolean;
}) {
  const description = details?.description ?? venue.description;
  const address = details?.address ?? venue.address;
  const website = safeWebsite(details?.website ?? venue.website);
  const hours = details?.hours ?? [];
  const features = details?.features ?? [];
  const permits = details?.permits ?? [];
  // the venue's vibes as the server has them now: a vote here, or anyone's on any instance, changes them
  const votes = useVibeVotes(venue.externalId).data;
  const vibes = detailsVibes(votes ? { ...venue, vibeScores: votes.vibeScores } : venue);
  const live = venue.latestUpdate;
  // Vibes broadcast by the venue are "current"; otherwise they are what the venue is known for.
  const vibesTitle = live?.currentVibes.length ? VENUE_TEXT.currentVibes : "Vibes";
  const liveNotes = [live?.statusMessage, live?.specialNotes].filter((s): s is string => !!s?.trim());
  const tel = telHref(phone);
  const reasons = vibeReasons(vibes, details?.vibeEvidence);

  return (
    <div className="flex flex-col gap-5">
      {description && <p className="text-sm leading-relaxed text-foreground/90">{description}</p>}

      {live && (live.noiseLevel || live.isOpen !== null || liveNotes.length > 0) && (
        <div className="rounded-xl border border-border bg-secondary/40 p-3 text-sm">
          <p className="font-semibold">
            {live.isOpen === true
              ? VENUE_TEXT.ownerOpen
              : live.isOpen === false
                ? VENUE_TEXT.ownerClosed
                : VENUE_TEXT.liveUpdate}
            {live.noiseLevel && <span className="font-normal text-muted-foreground"> · Noise: {live.noiseLevel}</span>}
          </p>
          {liveNotes.map((note) => (
            <p key={note} className="mt-1 text-muted-foreground">
              {note}
            </p>
          ))}
          <LiveStatus update={live} className="mt-2" />
        </div>
      )}

      <dl className="flex flex-col gap-3">
        <Row icon={<MapPin />} label="Address">
          {address?.trim() ? address : <span className="text-muted-foreground">{TEXT.addressFallback}</span>}
        </Row>
        {phone && (
          <Row icon={<Phone />} label="Phone">
            {tel ? (
              <a href={tel} className="rounded-sm text-pink-200 underline-offset-4 hover:underline">
                {phone}
              </a>
            ) : (
              phone
            )}
          </Row>
        )}
        {website && (
          <Row icon={<Globe />} label={VENUE_TEXT.website}>
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-sm text-pink-200 underline-offset-4 hover:underline"
            >
              {website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Row>
        )}
        {hours.length > 0 && (
          <Row icon={<Clock />} label={VENUE_TEXT.hours}>
            <ul className="flex flex-col gap-0.5">
              {hours.map((line, i) => (
                <li key={i} className="text-muted-foreground">
                  {line}
                </li>
              ))}
            </ul>
          </Row>
        )}
        {permits.length > 0 && (
          <Row icon={<Ticket />} label={VENUE_TEXT.permits}>
            <ul className="flex flex-col gap-0.5">
              {permits.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </Row>
        )}
      </dl>

      {features.length > 0 && (
        <section aria-label={VENUE_TEXT.features}>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {VENUE_TEXT.features}
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {features.map((f) => (
              <li key={f} className="rounded-full border border-border bg-secondary/40 px-2.5 py-1 text-xs">
                {f}
              </li>
            ))}
          </ul>
        </section>
      )}

      {vibes.length > 0 && (
        <section aria-label={vibesTitle}>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{vibesTitle}</h3>
          <ul className="flex flex-wrap gap-1.5">
            {vibes.map((vibe) => (
              <li
                key={vibe}
                className={
                  "inline-flex items-center gap-1 rounded-full border border-purple-400/30 " +
                  "bg-purple-500/15 px-2.5 py-1 text-xs font-medium text-purple-100"
                }
              >
                <VibeIcon vibe={vibe} />
                {vibe}
              </li>
            ))}
          </ul>
          {reasons.length > 0 && <WhyTheseVibes reasons={reasons} open={evidenceOpen} />}
        </section>
      )}

      <VibeVotePanel externalId={venue.externalId} />

      <Credits venue={venue} attribution={details?.attribution || venue.attribution} />
    </div>
  );
}

/** Where the facts come from, each source as its licence asks (© OpenStreetMap contributors, linked). */
function Credits({ venue, attribution }: { venue: Venue; attribution: string }) {
  const credits = creditsOf(attribution);
  if (venue.source === "osm" && !credits.includes(OSM_CREDIT)) credits.unshift(OSM_CREDIT);
  if (credits.length === 0) return null;
  return (
    <section aria-label={VENUE_TEXT.sources} className="text-xs leading-relaxed text-muted-foreground">
      <h3 className="sr-only">{VENUE_TEXT.sources}</h3>
      <ul className="flex flex-col gap-0.5">
        {credits.map((credit) => (
          <li key={credit.text}>
            {credit.href ? (
              <a
                href={credit.href}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded-sm text-pink-200 underline underline-offset-2 hover:text-pink-100"
              >
                {credit.text}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              credit.text
            )}
            {credit.note && <span> · {credit.note}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Why this vibe": the evidence behind each shown vibe, folded away until asked for (open on a venue's page). */
function WhyTheseVibes({ reasons, open }: { reasons: ReturnType<typeof vibeReasons>; open: boolean }) {
  return (
    <details open={open} className="group mt-3 rounded-xl border border-border bg-secondary/30">
      <summary
        className={
          "flex cursor-pointer list-none items-center gap-1.5 rounded-xl px-3 py-2 text-sm " +
          "font-medium text-pink-200 hover:text-pink-100 [&::-webkit-details-marker]:hidden"
        }
      >
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 transition-transform group-open:rotate-90" />
        {VIBE_EVIDENCE_TEXT.title}
      </summary>
      <ul className="flex flex-col gap-3 px-3 pt-1 pb-3">
        {reasons.map(({ vibe, reasons: lines }) => (
          <li key={vibe}>
            <p className="inline-flex items-center gap-1 text-xs font-semibold text-purple-100">
              <VibeIcon vibe={vibe} />
              {vibe}
            </p>
            <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-5 text-xs text-muted-foreground">
              {lines.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Photos({ venue, photos }: { venue: Venue; photos: VenueDetails["photos"] }) {
  if (photos.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{VENUE_TEXT.noPhotos}</p>;
  return (
    <ul className="grid grid-cols-2 gap-2">
      {photos.map((photo, i) => (
        <li key={`${photo.url}-${i}`}>
          <figure>
            <div className="aspect-square overflow-hidden rounded-xl bg-muted">
              <VenueImage url={photo.url} venue={venue} name={`${venue.name} (${i + 1} of ${photos.length})`} />
            </div>
            {photo.attribution && (
              <figcaption className="mt-1 truncate text-[11px] text-muted-foreground">{photo.attribution}</figcaption>
            )}
          </figure>
        </li>
      ))}
    </ul>
  );
}
