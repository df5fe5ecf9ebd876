import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiCall } from "@client/lib/api-call";

/** GET /api/my-venues/:id/stats: the measured figures of one owned venue. */
export const venueStatsQuery = (venueId: number) =>
  queryOptions({
    queryKey: ["/api/my-venues", venueId, "stats"],
    queryFn: ({ signal }) => apiCall("GET /api/my-venues/:id/stats", { params: { id: venueId }, signal }),
  });
export const useVenueStats = (venueId: number | undefined) =>
  useQuery({ ...venueStatsQuery(venueId ?? 0), enabled: venueId !== undefined });
