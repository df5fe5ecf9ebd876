import { useCallback, useEffect, useRef, useState } from "react";
import type { Venue } from "@shared/contracts/venues";
import { onOverlayRestore, staleOverlays, type OverlayEntry } from "@client/lib/overlay-history";

export interface VenueSheetState {
  venue: Venue | null;
  open: boolean;
  openVenue: (venue: Venue) => void;
  onOpenChange: (open: boolean) => void;
  /** Gives focus back to the control that opened the sheet (or the page, if it is gone). */
  restoreFocus: () => void;
}

/** The venue of the panel whose history entry the browser reached (Forward, or Back from another page). */
function venueToRestore(entries: OverlayEntry[]): Venue | null {
  const top = entries.at(-1);
  return top?.kind === "venue" && top.data && typeof top.data === "object" ? (top.data as Venue) : null;
}

/**
 * Which venue the details sheet shows. The venue is kept while the sheet animates closed. The open
 * panel is a history entry (components/ui/dialog.tsx): reaching that entry again opens it again.
 */
export function useVenueSheet(): VenueSheetState {
  const [venue, setVenue] = useState<Venue | null>(() => venueToRestore(staleOverlays()));
  const [open, setOpen] = useState(() => venue !== null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(
    () =>
      onOverlayRestore((entries) => {
        const restored = venueToRestore(entries);
        if (!restored) return;
        setVenue(restored);
        setOpen(true);
      }),
    [],
  );

  const openVenue = useCallback((next: Venue) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setVenue(next);
    setOpen(true);
  }, []);

  const restoreFocus = useCallback(() => {
    const target = opener.current?.isConnected ? opener.current : document.getElementById("main-content");
    target?.focus({ preventScroll: true });
  }, []);

  return { venue, open, openVenue, onOpenChange: setOpen, restoreFocus };
}
