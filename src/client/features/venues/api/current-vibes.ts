import { queryOptions, useQuery } from "@tanstack/react-query";
import { VENUE_API } from "@client/lib/api-paths";
import type { CurrentVibes } from "@shared/contracts/venues";
import { apiCall } from "@client/lib/api-call";
import { isAbort } from "./abort";

export type { CurrentVibes };

export const CURRENT_VIBES_KEY = [VENUE_API.currentVibes] as const;

/** GET /api/vibes/current; a failure counts as no saved vibes (the picker starts empty). */
export async function fetchCurrentVibes(signal?: AbortSignal): Promise<CurrentVibes> {
  try {
    const body = await apiCall("GET /api/vibes/current", { signal });
    return { vibes: Array.isArray(body?.vibes) ? body.vibes.filter((v): v is string => typeof v === "string") : [] };
  } catch (error) {
    if (isAbort(error)) throw error;
    return { vibes: [] };
  }
}

export const currentVibesQuery = queryOptions({
  queryKey: CURRENT_VIBES_KEY,
  queryFn: ({ signal }) => fetchCurrentVibes(signal),
});

/** Spec 6: current vibes load only for a user who can save them. */
export function useCurrentVibes(enabled: boolean) {
  return useQuery({ ...currentVibesQuery, enabled });
}
