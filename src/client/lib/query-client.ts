import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { httpError } from "./api-error";
import { noteAnswer } from "./offline";

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw httpError(res.status, await res.text(), res.statusText);
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** GET to the query key's segments joined by "/", parsed as JSON. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include" });
    noteAnswer(res);
    if (on401 === "returnNull" && res.status === 401) {
      await res.arrayBuffer(); // drained, so the request finishes (api-call.ts, apiDo)
      return null as T;
    }
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
        // offline too: the service worker answers from what it kept, or says it has nothing (issue 26);
        // React Query's default held the old list, dimmed, without a word
        networkMode: "always",
      },
      // a write offline fails at once with a message (api-call.ts), never paused to go out later unseen
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

export const queryClient = createQueryClient();
