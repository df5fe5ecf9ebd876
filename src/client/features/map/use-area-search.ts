import { useCallback, useState } from "react";
import type { Venue } from "@shared/contracts/venues";
import type { GeoState } from "@client/features/venues/hooks/use-geolocation";
import type { Coords } from "@client/features/venues/lib/venue-params";

/**
 * "Search this area": the matches are asked around the map's centre instead of the person's
 * position until they go back. Distances from the server are then from that centre, not from the
 * person, so they are taken off the venues shown (a figure the product does not know is left out).
 */
export function useAreaSearch(geo: GeoState, initial: Coords | null = null) {
  // a point to start from (Home's `?near=`, a venue's surroundings) is searched like a panned-to one
  const [area, setArea] = useState<Coords | null>(initial);
  const clear = useCallback(() => setArea(null), []);
  const withoutDistances = useCallback(
    (venues: Venue[]): Venue[] =>
      area ? venues.map((v) => (v.distance === null ? v : { ...v, distance: null })) : venues,
    [area],
  );
  return {
    /** Where to search: the panned-to centre, else the person's position (or the default point). */
    center: area ?? geo.coords,
    active: area !== null,
    /** The matches are still around the starting point given, not one the person panned to. */
    initial: area !== null && area === initial,
    /** The person's own position on the map: only a real one. */
    position: geo.status === "located" ? geo.coords : null,
    search: setArea,
    clear,
    withoutDistances,
  };
}
