import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Venue } from "@shared/contracts/venues";

export const MY_VENUES_KEY = ["/api/my-venues"] as const;

/** GET /api/my-venues: the caller's venues; the dashboard uses the first (spec 3). */
export const myVenuesQuery = queryOptions<Venue[]>({ queryKey: MY_VENUES_KEY });
export const useMyVenues = () => useQuery(myVenuesQuery);
