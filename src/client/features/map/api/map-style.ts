import { queryOptions, useQuery } from "@tanstack/react-query";
import { MAP_STYLE_PATH } from "@shared/vocabulary";
import { apiCall } from "@client/lib/api-call";

/** GET /api/map/style: the configured style (null = none); asked once per page load. */
export const mapStyleQuery = queryOptions({
  queryKey: [MAP_STYLE_PATH] as const,
  queryFn: ({ signal }) => apiCall("GET /api/map/style", { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function useMapStyle(enabled: boolean) {
  return useQuery({ ...mapStyleQuery, enabled });
}
