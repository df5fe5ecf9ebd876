import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { httpError } from "./api-error";

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw httpError(res.status, await res.text(), res.statusText);
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** GET to the query key's segments joined by "/", parsed as JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** Spec 7 defaults: no retry, no refetch on focus, no polling, never stale by time. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
