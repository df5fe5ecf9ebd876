import { WifiOff } from "lucide-react";
import { loadedAt, OFFLINE_TEXT, useOffline } from "@client/lib/offline";

/**
 * Offline, a line at the top of every page says so, with the time what is shown was loaded when the
 * service worker answered from what it kept (issue 26). Online with a fresh answer, nothing.
 */
export function OfflineBanner() {
  const { online, cachedAt } = useOffline();
  if (online && !cachedAt) return null;
  return (
    <p
      role="status"
      className={
        "offline-banner sticky top-0 z-40 flex items-center justify-center gap-2 border-b border-amber-400/40 " +
        "bg-amber-950/95 px-4 py-2 text-center text-sm text-amber-50"
      }
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      {cachedAt ? OFFLINE_TEXT.showing(loadedAt(cachedAt)) : OFFLINE_TEXT.offline}
    </p>
  );
}
