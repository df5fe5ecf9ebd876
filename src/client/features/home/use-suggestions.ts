import { useEffect, useState } from "react";
import { GEOLOCATION, SUGGESTION_BUBBLE_COUNT } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { useNearbyVenues } from "@client/features/venues/api/nearby-venues";
import type { GeoState } from "@client/features/venues/hooks/use-geolocation";
import { buildNearbyParams } from "@client/features/venues/lib/venue-params";
import { useAuth } from "@client/lib/auth";
import { suggestionHeading, suggestionKind, type SuggestionKind } from "./suggestion-heading";

/** Spec 4: suggestions wait up to 3 s for a real position before using the default point. */
function useGpsSettled(status: GeoState["status"]): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), GEOLOCATION.gpsWaitMs);
    return () => clearTimeout(timer);
  }, []);
  return status !== "pending" || waited;
}

export interface Suggestions {
  kind: SuggestionKind;
  heading: string;
  venues: Venue[];
  loading: boolean;
}

export function useSuggestions(geo: GeoState, enabled: boolean): Suggestions {
  const { user } = useAuth();
  const [hour] = useState(() => new Date().getHours());
  const settled = useGpsSettled(geo.status);
  const query = useNearbyVenues(enabled && settled ? buildNearbyParams(geo.coords, hour) : null);
  return {
    kind: suggestionKind(hour, user?.preferredVibes),
    heading: suggestionHeading(hour, user?.preferredVibes),
    venues: (query.data ?? []).slice(0, SUGGESTION_BUBBLE_COUNT),
    loading: enabled && (!settled || query.isPending),
  };
}
