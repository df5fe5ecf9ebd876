import { useEffect, useRef } from "react";

// Issue 26, "a phone that behaves like an app": an open overlay (the venue panel, a dialog, a sheet)
// is a history entry of its own, at the same address, so Back closes it instead of leaving the page.
//
// The entry's `history.state` lists the overlays open in it, bottom first (OVERLAYS_KEY). When the
// browser moves to another entry (popstate), every open overlay that entry does not list is closed.
// Closed another way (Close, Escape, the overlay, an action), an overlay gives its entry back with
// history.back(), so no dead entry is left for Back to step through. An overlay that carries `data`
// (the venue panel carries its venue) opens again when Forward, or Back from another page, reaches
// its entry: `onOverlayRestore` tells its owner.

export const OVERLAYS_KEY = "vibeOverlays";

export interface OverlayEntry {
  id: number;
  /** What kind of overlay, for restoring it ("venue"); generic dialogs have none. */
  kind?: string;
  data?: unknown;
}

interface OpenOverlay extends OverlayEntry {
  close: () => void;
  /** Closed because the browser left its entry: the entry is gone already. */
  popped: boolean;
}

const open: OpenOverlay[] = [];
let nextId = 1;
const restoreListeners = new Set<(entries: OverlayEntry[]) => void>();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The overlays an entry's state lists (none for an ordinary entry). */
export function overlaysOf(state: unknown): OverlayEntry[] {
  const list = isRecord(state) ? state[OVERLAYS_KEY] : null;
  return Array.isArray(list) ? list.filter((e): e is OverlayEntry => isRecord(e) && typeof e.id === "number") : [];
}

/** The entries of the current history entry that no open overlay owns: left by a page that was left. */
export function staleOverlays(state: unknown = window.history.state): OverlayEntry[] {
  const ids = new Set(open.map((o) => o.id));
  return overlaysOf(state).filter((e) => !ids.has(e.id));
}

const entriesOfOpen = (): OverlayEntry[] => open.map(({ id, kind, data }) => ({ id, kind, data }));
const withOverlays = (entries: OverlayEntry[]) => ({
  ...(isRecord(window.history.state) ? window.history.state : {}),
  [OVERLAYS_KEY]: entries,
});

function onPopState(event: PopStateEvent) {
  const listed = new Set(overlaysOf(event.state).map((e) => e.id));
  // the topmost first, as Escape would
  for (let i = open.length - 1; i >= 0; i--) {
    const overlay = open[i]!;
    if (listed.has(overlay.id)) continue;
    overlay.popped = true;
    open.splice(i, 1);
    overlay.close();
  }
  const stale = staleOverlays(event.state);
  if (stale.length > 0) for (const listener of restoreListeners) listener(stale);
}

if (typeof window !== "undefined") window.addEventListener("popstate", onPopState);

/**
 * Takes a history entry for an overlay that just opened: a new one at the same address, or the
 * current one when it is an overlay's entry nobody owns any more (Forward or Back reached it).
 */
function enter(close: () => void, kind?: string, data?: unknown): OpenOverlay {
  const overlay: OpenOverlay = { id: nextId++, kind, data, close, popped: false };
  const claim = staleOverlays().length > 0;
  open.push(overlay);
  if (claim) window.history.replaceState(withOverlays(entriesOfOpen()), "");
  else window.history.pushState(withOverlays(entriesOfOpen()), "");
  return overlay;
}

/** The overlay closed: when its entry is still the current one, Back removes it. */
function leave(overlay: OpenOverlay) {
  const at = open.indexOf(overlay);
  if (at >= 0) open.splice(at, 1);
  if (overlay.popped) return;
  const top = overlaysOf(window.history.state).at(-1);
  // another page is showing (a link inside the overlay was followed): its entry stays where it is
  if (top?.id === overlay.id) window.history.back();
}

/** The topmost open overlay is closed, as Escape would close it; false when none is open. */
export function closeTopOverlay(): boolean {
  const top = open.at(-1);
  if (!top) return false;
  top.close();
  return true;
}

/** Calls `listener` with the overlays of an entry the browser reached that no open overlay owns. */
export function onOverlayRestore(listener: (entries: OverlayEntry[]) => void): () => void {
  restoreListeners.add(listener);
  return () => restoreListeners.delete(listener);
}

/**
 * While `isOpen`, the overlay owns a history entry; Back (or a popstate leaving it) calls `close`.
 * `kind` and `data` are kept in the entry for `onOverlayRestore`.
 */
export function useOverlayHistory(isOpen: boolean, close: () => void, kind?: string, data?: unknown) {
  const closeRef = useRef(close);
  closeRef.current = close;
  const entry = useRef<OpenOverlay | null>(null);
  const pendingLeave = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    // React's StrictMode (development) runs an effect's cleanup and the effect again at once: the
    // same entry is kept rather than given back and taken again
    if (pendingLeave.current !== null) {
      clearTimeout(pendingLeave.current);
      pendingLeave.current = null;
    }
    if (!entry.current || !open.includes(entry.current)) {
      entry.current = enter(() => closeRef.current(), kind, data);
    }
    return () => {
      const overlay = entry.current;
      pendingLeave.current = setTimeout(() => {
        pendingLeave.current = null;
        if (overlay && entry.current === overlay) {
          entry.current = null;
          leave(overlay);
        }
      }, 0);
    };
  }, [isOpen]);
}
