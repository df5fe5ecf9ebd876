import { useEffect, useState } from "react";

// Issue 26: what a page shows survives Back and Forward. A page keeps its own state (Home's search
// text, distance, sort) and the scroll position in its history entry (`history.state`), and reads
// them back when the browser returns to that entry: the page is mounted again, from its state.

const SCROLL_KEY = "vibeScroll";
const SAVE_SCROLL_AFTER_MS = 150;
/** How long a restored scroll position waits for the page to grow tall enough (its data loading). */
const RESTORE_WAIT_MS = 5000;
/** ... and how long its height must hold still once it is. */
const STEADY_MS = 600;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A value the current history entry keeps under `key`, or undefined. */
export function readEntry(key: string): unknown {
  const state: unknown = window.history.state;
  return isRecord(state) ? state[key] : undefined;
}

/** Keeps `value` under `key` in the current history entry, beside what is there (the router's, the overlays'). */
export function writeEntry(key: string, value: unknown) {
  const state: unknown = window.history.state;
  if (isRecord(state) && Object.is(state[key], value)) return;
  window.history.replaceState({ ...(isRecord(state) ? state : {}), [key]: value }, "");
}

/** useState whose value lives in the history entry too: back at this entry, the page starts from it. */
export function useEntryState<T>(key: string, initial: T, isValid: (value: unknown) => value is T) {
  const [value, setValue] = useState<T>(() => {
    const saved = readEntry(key);
    return isValid(saved) ? saved : initial;
  });
  useEffect(() => writeEntry(key, value), [key, value]);
  return [value, setValue] as const;
}

// --- scroll ---------------------------------------------------------------------------------------

let popPath: string | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let cancelRestore: (() => void) | null = null;

if (typeof window !== "undefined") {
  // the app puts the position back itself, once the page it mounts again is tall enough: the
  // browser's own restoring happens before that, and the route change's scroll to the top undid it
  window.history.scrollRestoration = "manual";
  window.addEventListener("popstate", () => {
    popPath = window.location.pathname;
  });
  // kept once scrolling stops (a replaceState per scroll event would be throttled by the browser),
  // and at once before any new entry is pushed, so the entry left holds where it was
  const saveScroll = () => {
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = null;
    writeEntry(SCROLL_KEY, Math.round(window.scrollY));
  };
  window.addEventListener(
    "scroll",
    () => {
      if (saveTimer !== null) clearTimeout(saveTimer);
      saveTimer = setTimeout(saveScroll, SAVE_SCROLL_AFTER_MS);
    },
    { passive: true },
  );
  const pushState = window.history.pushState;
  window.history.pushState = function (this: History, ...args: Parameters<History["pushState"]>) {
    saveScroll();
    return pushState.apply(this, args);
  };
}

/** Whether the route change to `path` came from Back or Forward (once: the next call says false). */
export function takePopNavigation(path: string): boolean {
  const popped = popPath === path;
  popPath = null;
  return popped;
}

const USER_SCROLLS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Scrolls to the position the current entry kept (the top when it kept none), as soon as the page is
 * tall enough for it; a person scrolling meanwhile stops it.
 */
export function restoreEntryScroll() {
  cancelRestore?.();
  const saved = readEntry(SCROLL_KEY);
  const y = typeof saved === "number" && saved > 0 ? saved : 0;
  if (y === 0) {
    window.scrollTo(0, 0);
    return;
  }
  const started = performance.now();
  let frame = 0;
  let height = -1;
  let steadySince = started;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLLS) window.removeEventListener(type, stop);
    cancelRestore = null;
  };
  // Until the page is tall enough, and then until its height has held for a moment: what loads late
  // above the position (suggestions, a notice) would otherwise move it (the browser's scroll anchoring)
  const step = () => {
    const now = performance.now();
    const scrollHeight = document.documentElement.scrollHeight;
    if (scrollHeight !== height) {
      height = scrollHeight;
      steadySince = now;
    }
    const max = scrollHeight - window.innerHeight;
    if (max >= y && Math.round(window.scrollY) !== y) window.scrollTo(0, y);
    const timedOut = now - started > RESTORE_WAIT_MS;
    if (timedOut && max < y) window.scrollTo(0, Math.max(0, max));
    if (timedOut || (max >= y && now - steadySince > STEADY_MS)) {
      stop();
      return;
    }
    frame = requestAnimationFrame(step);
  };
  for (const type of USER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  cancelRestore = stop;
  step();
}
