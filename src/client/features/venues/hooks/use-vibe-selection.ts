import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAuth } from "@client/lib/auth";
import { useCurrentVibes } from "../api/current-vibes";
import { saveVibesAndCache } from "../api/save-vibes";
import {
  canSaveVibes,
  normalizeVibes,
  removeVibe,
  saveVibesBody,
  toggleVibe,
  type SaveVibesBody,
} from "../lib/vibe-selection";

/** Toggles in quick succession are saved once. */
const SAVE_DELAY_MS = 500;

export interface VibeSelection {
  selected: string[];
  toggle: (vibe: string) => void;
  remove: (vibe: string) => void;
  /** False until a saved selection (if one may exist) has loaded, so the first search uses it. */
  ready: boolean;
}

/**
 * The vibe picker's state (spec 4). With `persist`, a user who can save vibes (signed in with an
 * email) starts from their current vibes and every selection is saved, the empty one included.
 */
export function useVibeSelection({ persist }: { persist: boolean }): VibeSelection {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const saving = persist && canSaveVibes(user);
  const current = useCurrentVibes(saving);
  const [chosen, setChosen] = useState<string[] | null>(null);

  // Until the person picks something, the selection is their saved one.
  const selected = chosen ?? (saving ? normalizeVibes(current.data?.vibes) : []);
  const ready = !saving || chosen !== null || !current.isPending;

  const shareVibes = user?.privacyShareVibes ?? false;
  const pending = useRef<SaveVibesBody | null>(null);
  useEffect(() => {
    // Clearing every vibe is saved too (DELETE /api/vibes/current; POST needs 1 to 5 vibes), or the
    // old selection would come back on the next visit and silently filter Home (issue 17).
    if (!saving || chosen === null) {
      pending.current = null;
      return;
    }
    const body = saveVibesBody(chosen, { privacyShareVibes: shareVibes });
    pending.current = body;
    const timer = setTimeout(() => {
      pending.current = null;
      void saveVibesAndCache(queryClient, body);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [chosen, saving, shareVibes, queryClient]);
  // Leaving the page before the delay still saves the last selection.
  useEffect(
    () => () => {
      if (pending.current) void saveVibesAndCache(queryClient, pending.current);
      pending.current = null;
    },
    [queryClient],
  );

  const toggle = useCallback((vibe: string) => setChosen(toggleVibe(selected, vibe)), [selected]);
  const remove = useCallback((vibe: string) => setChosen(removeVibe(selected, vibe)), [selected]);
  return { selected, toggle, remove, ready };
}
