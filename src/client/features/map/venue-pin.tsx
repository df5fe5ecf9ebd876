import { lazy, Suspense, useId } from "react";
import type { Venue } from "@shared/contracts/venues";
import { useMapStyle } from "./api/map-style";
import { MAP_TEXT } from "./texts";

// The same MapLibre chunk as the map of matches, loaded only here and there.
const VenueMap = lazy(() => import("./venue-map"));
const noop = () => {};

/** OpenStreetMap's own map at the venue, with a marker: the pin where no map style is configured. */
export const osmMapUrl = (v: Pick<Venue, "latitude" | "longitude">) =>
  `https://www.openstreetmap.org/?mlat=${v.latitude}&mlon=${v.longitude}#map=18/${v.latitude}/${v.longitude}`;

/**
 * A venue's pin (its page, issue 26): the venue alone on the map, in a box of a fixed height (nothing
 * moves when the map's code arrives), with a link to the same spot on OpenStreetMap's own map.
 */
export function VenuePin({ venue, className }: { venue: Venue; className?: string }) {
  const style = useMapStyle(true);
  const noteId = useId();
  const placeholder = (
    <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{MAP_TEXT.loading}</p>
  );
  return (
    <div className={className}>
      <div
        role="region"
        aria-label={MAP_TEXT.pinRegion(venue.name)}
        aria-describedby={noteId}
        className="h-56 overflow-hidden rounded-2xl border border-border bg-[#1d1730]"
      >
        <p id={noteId} className="sr-only">
          {MAP_TEXT.pinNote}
        </p>
        {style.isPending ? (
          placeholder
        ) : (
          <Suspense fallback={placeholder}>
            <VenueMap
              venues={[venue]}
              center={{ latitude: venue.latitude, longitude: venue.longitude }}
              position={null}
              styleUrl={style.data?.styleUrl ?? null}
              fitKey={venue.externalId}
              busy={false}
              onOpen={noop}
            />
          </Suspense>
        )}
      </div>
      <a
        href={osmMapUrl(venue)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block rounded-sm text-sm text-pink-200 underline-offset-4 hover:underline"
      >
        {MAP_TEXT.openInOsm}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
