import { lazy, Suspense, useEffect } from "react";
import type { VenueSheetState } from "../hooks/use-venue-sheet";

const loadSheet = () => import("./venue-details-sheet");
const VenueDetailsSheet = lazy(() => loadSheet().then((m) => ({ default: m.VenueDetailsSheet })));

/**
 * The details sheet, loaded on demand: the dialog, tabs and focus-trap code stay out of the main
 * bundle. The chunk is fetched once the browser is idle, so the first open does not wait for it.
 */
export function VenueSheet({ sheet }: { sheet: VenueSheetState }) {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadSheet());
    return () => cancel(handle);
  }, []);
  if (!sheet.venue) return null;
  return (
    <Suspense fallback={null}>
      <VenueDetailsSheet
        venue={sheet.venue}
        open={sheet.open}
        onOpenChange={sheet.onOpenChange}
        restoreFocus={sheet.restoreFocus}
      />
    </Suspense>
  );
}
