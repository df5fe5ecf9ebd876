import { useEffect } from "react";
import { useLocation } from "wouter";

/** Spec 2: every route change starts at the top of the page. */
export function useScrollToTop(): void {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
