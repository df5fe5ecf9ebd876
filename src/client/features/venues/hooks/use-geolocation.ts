import { useEffect, useSyncExternalStore } from "react";
import { DEFAULT_COORDS, TEXT } from "@shared/vocabulary";
import { GEOLOCATION } from "@client/lib/texts";
import { toast } from "@client/hooks/use-toast";
import type { Coords } from "../lib/venue-params";

/** pending: asking the browser; located: real coordinates; failed: denied or unavailable (default point kept). */
export type GeoStatus = "pending" | "located" | "failed";

export interface GeoState {
  status: GeoStatus;
  coords: Coords;
}

// One position request per page load, shared by every screen that lists venues, so moving
// between Home, Explore and Saved neither asks again nor repeats the error toast.
let state: GeoState = { status: "pending", coords: { ...DEFAULT_COORDS } };
let requested = false;
const listeners = new Set<() => void>();

function setState(next: GeoState): void {
  state = next;
  for (const listener of listeners) listener();
}

let errorToast: { dismiss: () => void } | null = null;

function fail(): void {
  setState({ status: "failed", coords: state.coords });
  errorToast = toast({ variant: "destructive", title: TEXT.locationErrorTitle, description: TEXT.locationErrorBody });
}

/**
 * Takes the Location Error toast away: a page that needs no position (a venue's page) never has it
 * over its content, even when a list page asked a moment before.
 */
export function dismissLocationError(): void {
  errorToast?.dismiss();
  errorToast = null;
}

/** Spec 4 and 9: start at the default point; switch to real coordinates on permission. */
export function requestLocation(): void {
  if (requested) return;
  requested = true;
  const geo = typeof navigator !== "undefined" ? navigator.geolocation : undefined;
  if (!geo) {
    fail();
    return;
  }
  geo.getCurrentPosition(
    (position) =>
      setState({
        status: "located",
        coords: { latitude: position.coords.latitude, longitude: position.coords.longitude },
      }),
    fail,
    {
      timeout: GEOLOCATION.timeoutMs,
      maximumAge: GEOLOCATION.maximumAgeMs,
      enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = () => state;

export function useGeolocation(): GeoState {
  const geo = useSyncExternalStore(subscribe, getState, getState);
  useEffect(requestLocation, []);
  return geo;
}

const getPositionKnown = () => state.status === "located";

/**
 * Whether distances are from the person's real position (not the default point). Reads the shared
 * state without asking for a position, so any screen that shows a distance can use it.
 */
export function usePositionKnown(): boolean {
  return useSyncExternalStore(subscribe, getPositionKnown, getPositionKnown);
}
