import { useCallback, useRef, useState } from "react";
import type { Venue } from "@shared/contracts/venues";

export interface VenueSheetState {
  venue: Venue | null;
  open: boolean;
  openVenue: (venue: Venue) => void;
  onOpenChange: (open: boolean) => void;
  /** Gives focus back to the control that opened the sheet (or the page, if it is gone). */
  restoreFocus: () => void;
}

/** Which venue the details sheet shows. The venue is kept while the sheet animates closed. */
export function useVenueSheet(): VenueSheetState {
  const [venue, setVenue] = useState<Venue | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

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
