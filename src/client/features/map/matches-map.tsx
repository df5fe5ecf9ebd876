import { lazy, Suspense, useEffect, useId, useRef } from "react";
import type { Venue } from "@shared/contracts/venues";
import type { Coords } from "@client/features/venues/lib/venue-params";
import { useMapStyle } from "./api/map-style";
import { MAP_TEXT } from "./texts";
import { takeMapRevealRequest } from "./view-switch";

// MapLibre (about 280 kB gzip) is a chunk of its own, loaded only when a person switches to Map.
const VenueMap = lazy(() => import("./venue-map"));

export interface MatchesMapProps {
  venues: readonly Venue[];
  center: Coords;
  position: Coords | null;
  fitKey: string;
  busy: boolean;
  onOpen: (venue: Venue) => void;
  onSearchArea: (center: Coords) => void;
}

/**
 * The map view of a list of matches: a labelled region of a fixed height (nothing moves when the
 * map's code arrives), which tells screen readers that the list view holds the same venues.
 */
export function MatchesMap({ busy, ...props }: MatchesMapProps) {
  const style = useMapStyle(true);
  const noteId = useId();
  const region = useRef<HTMLDivElement>(null);
  // Chosen with the switch: the whole map into view, its bottom above the phone's bar (scroll-mb).
  useEffect(() => {
    if (takeMapRevealRequest()) region.current?.scrollIntoView({ block: "nearest" });
  }, []);
  const placeholder = (
    <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{MAP_TEXT.loading}</p>
  );
  return (
    <div
      ref={region}
      role="region"
      aria-label={MAP_TEXT.region}
      aria-describedby={noteId}
      aria-busy={busy || style.isPending}
      // Below md the bottom bar (h-16 and the safe area, bottom-nav.tsx) covers the screen's last
      // 4rem: the map is never taller than the screen above it, and scrolling to it stops above it.
      className={
        "h-[min(62vh,calc(100dvh-8rem-env(safe-area-inset-bottom)))] min-h-80 scroll-mt-4 overflow-hidden " +
        "scroll-mb-[calc(5rem+env(safe-area-inset-bottom))] rounded-2xl border border-border bg-[#1d1730] " +
        "sm:h-[min(560px,calc(100dvh-8rem-env(safe-area-inset-bottom)))] md:h-[560px] md:scroll-mb-4"
      }
    >
      <p id={noteId} className="sr-only">
        {MAP_TEXT.listEquivalent}
      </p>
      {style.isPending ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          {/* a style that cannot be asked for is no style: the markers on the plain background */}
          <VenueMap {...props} busy={busy} styleUrl={style.data?.styleUrl ?? null} />
        </Suspense>
      )}
    </div>
  );
}
