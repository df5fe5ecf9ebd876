import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VenueStats } from "@shared/contracts/business";

/** GET /api/my-venues/:id/stats: the measured figures of one owned venue. */
export const venueStatsQuery = (venueId: number) =>
  queryOptions<VenueStats>({ queryKey: ["/api/my-venues", venueId, "stats"] });
export const useVenueStats = (venueId: number | undefined) =>
  useQuery({ ...venueStatsQuery(venueId ?? 0), enabled: venueId !== undefined });
