import { useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { getJson } from "@client/lib/api-url";
import type { Coords } from "../lib/venue-params";

/** GET /api/venues/:externalId: one venue as the lists show it (distance only from a real position). */
export function useVenueById(externalId: string | null, position: Coords | null) {
  return useQuery({
    queryKey: [VENUE_API.venues, externalId, position?.latitude ?? null, position?.longitude ?? null],
    queryFn: ({ signal }) =>
      getJson<Venue>(
        `${VENUE_API.venues}/${encodeURIComponent(externalId ?? "")}`,
        position ? { latitude: position.latitude, longitude: position.longitude } : undefined,
        signal,
      ),
    enabled: !!externalId,
    retry: false,
  });
}
