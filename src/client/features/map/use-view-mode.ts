import { useCallback } from "react";
import { useLocation, useSearch } from "wouter";

export type ViewMode = "list" | "map";

/**
 * List or Map, kept in the address (`?view=map`), so a reload, the Back button and a shared link
 * keep the person's choice. Switching replaces the history entry instead of adding one.
 */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const mode: ViewMode = new URLSearchParams(search).get("view") === "map" ? "map" : "list";
  const setMode = useCallback(
    (next: ViewMode) => {
      const params = new URLSearchParams(search);
      if (next === "map") params.set("view", "map");
      else params.delete("view");
      const query = params.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true, state: window.history.state });
    },
    [search, location, navigate],
  );
  return [mode, setMode];
}
