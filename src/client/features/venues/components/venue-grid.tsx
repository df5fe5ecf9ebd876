import { useDeferredValue } from "react";
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
  className?: string;
}

/** Cards drawn in the first pass; the rest follow in a background render (a long list blocked the first paint). */
const FIRST_PASS = 12;

export function VenueGrid({ venues, onOpen, label, busy = false, className }: VenueGridProps) {
  const shown = useDeferredValue(venues, venues.length > FIRST_PASS ? venues.slice(0, FIRST_PASS) : venues);
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(gridClass, "transition-opacity", busy && "opacity-60", className)}
    >
      {shown.map((venue, i) => (
        <li key={venue.id} className="min-w-0">
          <VenueCard venue={venue} onOpen={onOpen} eagerImage={i < EAGER_IMAGES} />
        </li>
      ))}
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
