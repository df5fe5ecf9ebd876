import { useEffect, useState } from "react";
import { GEOLOCATION } from "@client/lib/texts";
import { SUGGESTION_BUBBLE_COUNT } from "@client/features/home/texts";
import type { Venue } from "@shared/contracts/venues";
import { useNearbyVenues } from "@client/features/venues/api/nearby-venues";
import type { GeoState } from "@client/features/venues/hooks/use-geolocation";
import { buildNearbyParams } from "@client/features/venues/lib/venue-params";
import { useAuth } from "@client/lib/auth";
import {
  hasPreferences,
  picksUnavailableNote,
  suggestionHeading,
  suggestionKind,
  type SuggestionKind,
} from "./suggestion-heading";

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
  /** Why the picks do not follow the person's preferences, when they cannot (issue 26); else null. */
  note: string | null;
  venues: Venue[];
  loading: boolean;
}

/**
 * `enabled`: the panel is shown; `start`: the call may go out now (Home holds it until its venue
 * list has arrived, so the two do not queue behind each other on the server: the list is the
 * page's largest paint). Until then the panel shows its placeholder pills.
 */
export function useSuggestions(geo: GeoState, enabled: boolean, start = true): Suggestions {
  const { user } = useAuth();
  const [hour] = useState(() => new Date().getHours());
  const settled = useGpsSettled(geo.status);
  const query = useNearbyVenues(enabled && settled && start ? buildNearbyParams(geo.coords, hour) : null);
  // personal once the server says the picks follow the preferences; until it answers, when there are some
  const personal = query.data?.personal ?? (query.data ? false : hasPreferences(user));
  return {
    kind: suggestionKind(hour, personal),
    heading: suggestionHeading(hour, personal),
    note: picksUnavailableNote(hour, user, query.data?.personal ?? null),
    venues: (query.data?.venues ?? []).slice(0, SUGGESTION_BUBBLE_COUNT),
    loading: enabled && (!settled || query.isPending),
  };
}
