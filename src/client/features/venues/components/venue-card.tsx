import { memo } from "react";
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
  return (
    <article
      onClick={() => onOpen(venue)}
      className={cn(
        "group relative flex h-full cursor-pointer flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-lg shadow-black/20 transition-colors hover:border-pink-400/40",
        "has-[.venue-open:focus-visible]:ring-2 has-[.venue-open:focus-visible]:ring-ring",
        // A list holds up to 100 cards: the browser lays out and paints only those near the
        // screen (a card's last measured height stands in for the others), which keeps the first
        // paint of Home fast (tests/e2e/budgets.test.ts).
        "[content-visibility:auto] [contain-intrinsic-size:auto_26rem]",
        className,
      )}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-muted">
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
        <CapacityBadge status={venue.latestUpdate?.capacityStatus ?? null} className="absolute top-2.5 left-2.5" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="min-w-0">
          <h3 className="text-base leading-snug font-semibold">
            <button
              type="button"
              className="venue-open w-full cursor-pointer text-left break-words hover:text-pink-200 focus-visible:outline-none"
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
        <VenueFigures venue={venue} />
        <OpenStatusLine status={venue.openStatus} />
        <LiveStatus update={venue.latestUpdate} />
        {tags.length > 0 && (
          <ul aria-label="Vibes" className="mt-auto flex flex-wrap gap-1.5 pt-1">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full border border-purple-400/30 bg-purple-500/15 px-2.5 py-0.5 text-xs font-medium text-purple-100"
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
