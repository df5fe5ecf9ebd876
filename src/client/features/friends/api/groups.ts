import { queryOptions, useQuery } from "@tanstack/react-query";
import { SOCIAL_API } from "@shared/constants";
import type { Group } from "@shared/contracts/social";
import { getJson } from "@client/lib/api-url";

export const GROUPS_KEY = [SOCIAL_API.groups] as const;

/** GET /api/groups: groups the caller created or belongs to. */
export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return getJson<Group[]>(SOCIAL_API.groups, undefined, signal);
}

export const groupsQuery = queryOptions({ queryKey: GROUPS_KEY, queryFn: ({ signal }) => fetchGroups(signal) });

export function useGroups() {
  return useQuery(groupsQuery);
}
