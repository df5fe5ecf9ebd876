import { Fragment, useDeferredValue, useMemo } from "react";
import { dividersOf, type Divider } from "../lib/venue-sections";
import { VENUE_TEXT } from "../texts";
import type { Venue } from "@shared/contracts/venues";
import { LOADING_TEXT } from "@client/lib/texts";
import { cn } from "@client/lib/utils";
import { VenueCard } from "./venue-card";
import { VenueCardSkeleton } from "./venue-card-skeleton";

/** Cards whose photos load at once: the first row on a wide screen, the first card or two on a phone. */
const EAGER_IMAGES = 3;

const gridClass = "grid grid-cols-[repeat(auto-fill,minmax(min(100%,16.5rem),1fr))] gap-4";

interface VenueGridProps {
  venues: readonly Venue[];
  onOpen: (venue: Venue) => void;
  /** Names the list, e.g. the section heading's text. */
  label?: string;
  /** True while a newer list is loading behind this one. */
  busy?: boolean;
  /**
   * The list is ordered by time and confirmation (issue 25: a vibe chosen, not Top Rated): headed
   * parts for the likely matches, the venues whose hours are unknown and the closed ones.
   */
  dividers?: boolean;
  className?: string;
}

const DIVIDERS: Record<Divider, { title: string; note?: string }> = {
  likely: { title: VENUE_TEXT.likelyDivider, note: VENUE_TEXT.likelyDividerNote },
  unknown: { title: VENUE_TEXT.unknownHoursDivider },
  closed: { title: VENUE_TEXT.closedDivider, note: VENUE_TEXT.closedDividerNote },
};

/** Cards drawn in the first pass; the rest follow in a background render (a long list blocked the first paint). */
const FIRST_PASS = 12;

export function VenueGrid({ venues, onOpen, label, busy = false, dividers = false, className }: VenueGridProps) {
  const shown = useDeferredValue(venues, venues.length > FIRST_PASS ? venues.slice(0, FIRST_PASS) : venues);
  const before = useMemo(() => (dividers ? dividersOf(shown) : []), [dividers, shown]);
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(gridClass, "transition-opacity", busy && "opacity-60", className)}
    >
      {shown.map((venue, i) => {
        const d = before[i];
        return (
          <Fragment key={venue.id}>
            {d && (
              <li className="col-span-full mt-2 border-t border-border pt-3" data-divider={d}>
                <h3 className="text-base font-semibold">{DIVIDERS[d].title}</h3>
                {DIVIDERS[d].note && <p className="text-sm text-muted-foreground">{DIVIDERS[d].note}</p>}
              </li>
            )}
            <li className="min-w-0">
              <VenueCard venue={venue} onOpen={onOpen} eagerImage={i < EAGER_IMAGES} />
            </li>
          </Fragment>
        );
      })}
    </ul>
  );
}

export function VenueGridSkeleton({ count = 6, className }: { count?: number; className?: string }) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{LOADING_TEXT}</span>
      <div className={gridClass}>
        {Array.from({ length: count }, (_, i) => (
          <VenueCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
