import { memo, useEffect, useRef, useState } from "react";
import { HelpCircle } from "lucide-react";
import type { Venue } from "@shared/contracts/venues";
import { vibeTags } from "@shared/vibe-tags";
import { cn } from "@client/lib/utils";
import { CapacityBadge } from "./capacity-badge";
import { FavoriteButton } from "./favorite-button";
import { LiveStatus } from "./live-status";
import { OpenStatusLine } from "./open-status";
import { VenueFigures } from "./venue-figures";
import { VenueImage } from "./venue-image";
import { VibeIcon } from "./vibe-icon";
import { VibeVoteQuestion } from "./vibe-votes";
import { likelyOf } from "../lib/venue-sections";
import { VENUE_TEXT } from "../texts";

interface VenueCardProps {
  venue: Venue;
  onOpen: (venue: Venue) => void;
  className?: string;
  /** For the first cards on screen: load the photo at once (it is the page's largest paint). */
  eagerImage?: boolean;
}

/**
 * A venue card. The venue's name is the button that opens the details (keyboard and screen
 * readers); a click anywhere else on the card does the same for pointer users. The heart is a
 * separate button.
 */
export const VenueCard = memo(function VenueCard({ venue, onOpen, className, eagerImage = false }: VenueCardProps) {
  const tags = vibeTags(venue.vibeScores);
  const likely = likelyOf(venue);
  return (
    <article
      onClick={() => onOpen(venue)}
      className={cn(
        // On a phone a card is a row, a square picture beside the text (~130 px tall, so the first
        // venues are on Home's first screen, issue 17); from sm up, the picture above the text.
        "group relative flex h-full cursor-pointer flex-row overflow-hidden rounded-2xl border border-border " +
          "bg-card shadow-lg shadow-black/20 transition-colors hover:border-pink-400/40 sm:flex-col",
        "has-[.venue-open:focus-visible]:ring-2 has-[.venue-open:focus-visible]:ring-ring",
        // A list holds up to 100 cards: the browser lays out and paints only those near the
        // screen (a card's last measured height stands in for the others), which keeps the first
        // paint of Home fast (tests/e2e/budgets.test.ts).
        "[content-visibility:auto] [contain-intrinsic-size:auto_8.5rem] sm:[contain-intrinsic-size:auto_26rem]",
        className,
      )}
    >
      <div className="relative w-28 shrink-0 overflow-hidden bg-muted sm:aspect-[16/10] sm:w-auto">
        <VenueImage
          url={venue.imageUrl}
          venue={venue}
          loading={eagerImage ? "eager" : "lazy"}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-linear-to-t from-black/50 to-transparent"
        />
        <CapacityBadge
          status={venue.latestUpdate?.capacityStatus ?? null}
          className="absolute top-1.5 left-1.5 sm:top-2.5 sm:left-2.5"
        />
      </div>
      {/* (on a phone the heart sits at the card's top right: the text keeps clear of it) */}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 pr-12 sm:gap-2 sm:p-4">
        <div className="min-w-0">
          <h3 className="text-base leading-snug font-semibold">
            <button
              type="button"
              className={
                "venue-open w-full cursor-pointer text-left break-words " +
                "hover:text-pink-200 focus-visible:outline-none"
              }
              onClick={(event) => {
                event.stopPropagation();
                onOpen(venue);
              }}
            >
              {venue.name}
            </button>
          </h3>
          <p className="text-sm text-muted-foreground">{venue.category}</p>
        </div>
        {likely && <LikelyNote externalId={venue.externalId} likely={likely} />}
        <VenueFigures venue={venue} />
        <OpenStatusLine status={venue.openStatus} />
        <LiveStatus update={venue.latestUpdate} />
        {tags.length > 0 && (
          <ul aria-label="Vibes" className="mt-auto flex flex-wrap gap-1.5 sm:pt-1">
            {tags.map((tag) => (
              <li
                key={tag}
                className={
                  "inline-flex items-center gap-1 rounded-full border border-purple-400/30 " +
                  "bg-purple-500/15 px-2.5 py-0.5 text-xs font-medium text-purple-100"
                }
              >
                <VibeIcon vibe={tag} />
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* After the name in the DOM (so Tab reaches "open" first), drawn over the photo. */}
      <FavoriteButton venue={venue} className="absolute top-2 right-2" />
    </article>
  );
});

/**
 * A likely match (issue 25): "Likely Romantic — not confirmed yet", why, and "Is it Romantic? Yes ·
 * No" (a vote; a guest is invited to join). The question asks the server for the venue's votes only
 * once the card is near the screen. A vote reloads the match (api/vibe-votes.ts), so a venue it
 * confirms moves up into the confirmed part in front of the person who voted, and the count follows.
 */
function LikelyNote({ externalId, likely }: { externalId: string; likely: NonNullable<Venue["likely"]> }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  return (
    // a tap here votes; it does not open the details
    // biome-ignore lint/a11y/noStaticElementInteractions: it only keeps a click from opening the details
    <div
      ref={ref}
      data-testid="likely-note"
      onClick={(event) => event.stopPropagation()}
      className="flex flex-col gap-1.5 rounded-xl border border-amber-300/30 bg-amber-400/10 p-2 text-sm"
    >
      <p className="inline-flex items-center gap-1.5 font-medium text-amber-100">
        <HelpCircle className="size-3.5 shrink-0" aria-hidden="true" />
        {VENUE_TEXT.likelyLabel(likely.vibe)}
      </p>
      <p className="text-xs text-amber-100/80">{VENUE_TEXT.likelyWhy(likely.reasons)}</p>
      {near && <VibeVoteQuestion externalId={externalId} vibe={likely.vibe} />}
    </div>
  );
}
