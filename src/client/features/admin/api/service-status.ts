import { queryOptions, useQuery } from "@tanstack/react-query";
import { ADMIN_API } from "@client/lib/api-paths";
import type { ServiceStatus } from "@shared/contracts/admin";
import { apiCall } from "@client/lib/api-call";
import { normalizeServiceStatus } from "../lib/service-status";

export const SERVICE_STATUS_KEY = [ADMIN_API.services] as const;

/** GET /api/admin/services (admins only), read in any of spec 3's three shapes. */
export async function fetchServiceStatus(signal?: AbortSignal): Promise<ServiceStatus[]> {
  return normalizeServiceStatus(await apiCall("GET /api/admin/services", { signal }));
}

export const serviceStatusQuery = queryOptions({
  queryKey: SERVICE_STATUS_KEY,
  queryFn: ({ signal }) => fetchServiceStatus(signal),
});

export const useServiceStatus = () => useQuery(serviceStatusQuery);
