import { afterEach, describe, expect, it, vi } from "vitest";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { createQueryClient, getQueryFn } from "./query-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const context = (queryKey: readonly unknown[]) => ({ queryKey }) as unknown as QueryFunctionContext;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("default query function", () => {
  it("GETs the key segments joined by '/' with credentials and parses JSON", async () => {
    const fetchMock = stubFetch(Response.json({ id: "u1" }));
    const data = await getQueryFn({ on401: "throw" })(context(["/api/posts", "p1", "comments"]));
    expect(fetchMock).toHaveBeenCalledWith("/api/posts/p1/comments", { credentials: "include" });
    expect(data).toEqual({ id: "u1" });
  });

  it("throws on 401 by default and can return null instead", async () => {
    stubFetch(new Response('{"message":"Sign in required"}', { status: 401 }));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/auth/me"]))).rejects.toThrow(/^401: /);
    stubFetch(new Response("", { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/auth/me"]))).resolves.toBeNull();
  });
});

describe("createQueryClient", () => {
  it("applies the spec 7 defaults", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(typeof queries?.queryFn).toBe("function");
    expect(mutations).toMatchObject({ retry: false });
  });
});
