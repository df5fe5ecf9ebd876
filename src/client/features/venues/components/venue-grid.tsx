import { startTransition, useEffect, useState } from "react";
import type { Venue } from "@shared/contracts/venues";
import { LOADING_TEXT } from "@shared/constants";
import { cn } from "@client/lib/utils";
import { VenueCard } from "./venue-card";
import { VenueCardSkeleton } from "./venue-card-skeleton";

/** Cards drawn in the first paint of a list; the rest follow right after, without blocking it. */
const FIRST_PAINT_CARDS = 12;

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

export function VenueGrid({ venues, onOpen, label, busy = false, className }: VenueGridProps) {
  // A list of up to 100 cards: the first screenful paints at once (Home's largest paint), the
  // rest is rendered in a transition straight after the browser has painted.
  const [limit, setLimit] = useState(FIRST_PAINT_CARDS);
  useEffect(() => {
    if (limit >= venues.length) return;
    const frame = requestAnimationFrame(() => startTransition(() => setLimit(Number.POSITIVE_INFINITY)));
    return () => cancelAnimationFrame(frame);
  }, [limit, venues.length]);
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className={cn(gridClass, "transition-opacity", busy && "opacity-60", className)}
    >
      {venues.slice(0, limit).map((venue) => (
        <li key={venue.id} className="min-w-0">
          <VenueCard venue={venue} onOpen={onOpen} />
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
