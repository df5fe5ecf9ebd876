import { useMemo, useSyncExternalStore } from "react";
import type { LatestUpdate, Venue } from "@shared/contracts/venues";

// The live status each venue had in the last `venue_update` the websocket brought (spec 7). The
// lists in the query cache are patched in place (realtime-provider.tsx); a venue held outside the
// cache (the open details panel keeps the one it was opened with) reads it from here, so the open
// panel follows the same live events as the card (issue 26).

const pushed = new Map<number, LatestUpdate>();
const listeners = new Set<() => void>();

export function recordLiveUpdate(venueId: number, update: LatestUpdate) {
  pushed.set(venueId, update);
  for (const listener of listeners) listener();
}

/** Forgets every pushed status (signed out: the next person starts from the server's answers). */
export function forgetLiveUpdates() {
  pushed.clear();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether `candidate` is at least as recent as `current` (a later event about the same broadcast wins). */
export function isNewer(candidate: LatestUpdate, current: LatestUpdate | null): boolean {
  return !current || Date.parse(candidate.createdAt) >= Date.parse(current.createdAt);
}

/** `venue` with the newest live status known: its own, or a later one the websocket brought. */
export function useLiveVenue(venue: Venue): Venue {
  const update = useSyncExternalStore(subscribe, () => pushed.get(venue.id));
  return useMemo(
    () =>
      update && update !== venue.latestUpdate && isNewer(update, venue.latestUpdate)
        ? { ...venue, latestUpdate: update }
        : venue,
    [venue, update],
  );
}
