import type { QueryClient } from "@tanstack/react-query";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { apiDo } from "@client/lib/api-call";
import type { SaveVibesBody } from "../lib/vibe-selection";
import { CURRENT_VIBES_KEY, type CurrentVibes } from "./current-vibes";

export type { SaveVibesBody };

/** POST /api/vibes; an empty selection (every vibe cleared) is DELETE /api/vibes/current. */
export async function saveVibes(body: SaveVibesBody): Promise<void> {
  if (body.vibes.length === 0) await apiDo("DELETE /api/vibes/current");
  else await apiDo("POST /api/vibes", { body });
}

/**
 * Saves and keeps the cached current vibes in step, so Home shows this selection when it is
 * opened again. A plain function rather than a mutation hook: the picker may save while its page
 * is being left.
 */
let latestSave = 0;

export async function saveVibesAndCache(queryClient: QueryClient, body: SaveVibesBody): Promise<void> {
  const save = ++latestSave;
  try {
    await saveVibes(body);
    // An older save that finishes after a newer one must not overwrite the cached selection.
    if (save === latestSave) queryClient.setQueryData<CurrentVibes>(CURRENT_VIBES_KEY, { vibes: body.vibes });
  } catch (error) {
    toast({
      variant: "destructive",
      title: VENUE_TEXT.errorTitle,
      description: errorMessage(error, VENUE_TEXT.vibesSaveFailed),
    });
  }
}
