import { useEffect } from "react";
import { useLocation } from "wouter";
import { restoreEntryScroll, takePopNavigation } from "@client/lib/history-entry";

/**
 * Spec 2: every route change starts at the top of the page. Back and Forward are not new visits:
 * they return to where the page was scrolled (issue 26, lib/history-entry.ts).
 */
export function useScrollToTop(): void {
  const [location] = useLocation();
  useEffect(() => {
    if (takePopNavigation(window.location.pathname)) restoreEntryScroll();
    else window.scrollTo(0, 0);
  }, [location]);
}
