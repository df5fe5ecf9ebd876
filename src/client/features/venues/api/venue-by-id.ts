import { useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import { apiCall } from "@client/lib/api-call";
import type { Coords } from "../lib/venue-params";

/** GET /api/venues/:externalId: one venue as the lists show it (distance only from a real position). */
export function useVenueById(externalId: string | null, position: Coords | null) {
  return useQuery({
    queryKey: [VENUE_API.venues, externalId, position?.latitude ?? null, position?.longitude ?? null],
    queryFn: ({ signal }) =>
      apiCall("GET /api/venues/:externalId", {
        params: { externalId: externalId ?? "" },
        query: position ? { latitude: position.latitude, longitude: position.longitude } : undefined,
        signal,
      }),
    enabled: !!externalId,
    retry: false,
  });
}
