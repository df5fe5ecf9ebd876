import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@client/lib/api-paths";
import type { Group } from "@shared/contracts/social";
import { apiCall } from "@client/lib/api-call";

export const GROUPS_KEY = [SOCIAL_API.groups] as const;

/** GET /api/groups: groups the caller created or belongs to. */
export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return apiCall("GET /api/groups", { signal });
}

export const groupsQuery = queryOptions({ queryKey: GROUPS_KEY, queryFn: ({ signal }) => fetchGroups(signal) });

export function useGroups() {
  return useQuery(groupsQuery);
}
