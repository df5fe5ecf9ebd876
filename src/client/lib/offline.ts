import { useEffect, useSyncExternalStore } from "react";

// Offline (issue 26): the service worker (public/sw.js) answers GETs from what it kept when the
// network fails, each with the time it was received (header x-vibe-cached-at). The app says so,
// with that time, and refuses to send writes while the browser is offline (api-call.ts).

export const OFFLINE_TEXT = {
  offline: "You are offline.",
  showing: (time: string) => `You are offline: showing what was loaded at ${time}`,
  writeRefused: "You are offline: this was not sent. Try again when you are back online.",
  writeFailed: "Could not reach VIBE, so this may not have been saved. Check your connection and try again.",
} as const;

export const CACHED_AT_HEADER = "x-vibe-cached-at";

interface OfflineState {
  online: boolean;
  /** When the kept answer last shown was received (null: every answer came from the network). */
  cachedAt: Date | null;
}

let state: OfflineState = { online: typeof navigator === "undefined" ? true : navigator.onLine, cachedAt: null };
const listeners = new Set<() => void>();
const set = (next: Partial<OfflineState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};

if (typeof window !== "undefined") {
  window.addEventListener("online", () => set({ online: true }));
  window.addEventListener("offline", () => set({ online: false }));
}

/** Reads where an answer came from: kept by the service worker (at a time), or the network. */
export function noteAnswer(res: Response) {
  const kept = res.headers.get(CACHED_AT_HEADER);
  const at = kept ? new Date(kept) : null;
  if (at && !Number.isNaN(at.getTime())) set({ cachedAt: at });
  else if (res.ok && state.cachedAt && navigator.onLine) set({ cachedAt: null });
}

/** Whether the browser says it is offline now. */
export const isOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useOffline(): OfflineState {
  return useSyncExternalStore(subscribe, () => state);
}

/** "9:52 PM": the time of day a kept answer was received, in the person's own clock. */
export const loadedAt = (date: Date) => date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

/** Registers the service worker (production builds only: the dev server has no /sw.js). */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // no offline copy: the app works as before
    });
  });
}

/** Tells the service worker whose answers it keeps: another account (or none) deletes the kept ones. */
export function useServiceWorkerUser(userId: string | null, known: boolean) {
  useEffect(() => {
    if (!known || !("serviceWorker" in navigator)) return;
    const tell = () => navigator.serviceWorker.controller?.postMessage({ type: "user", id: userId });
    tell();
    navigator.serviceWorker.addEventListener("controllerchange", tell);
    return () => navigator.serviceWorker.removeEventListener("controllerchange", tell);
  }, [userId, known]);
}
