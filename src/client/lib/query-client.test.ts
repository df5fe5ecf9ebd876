import { afterEach, describe, expect, it, vi } from "vitest";
import type { QueryFunctionContext } from "@tanstack/react-query";
import { apiRequest, createQueryClient, getQueryFn } from "./query-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const context = (queryKey: readonly unknown[]) => ({ queryKey }) as unknown as QueryFunctionContext;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends JSON with credentials when data is given", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/auth/email/login", { email: "a@b.co", password: "x" });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/auth/email/login");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"a@b.co","password":"x"}',
    });
  });

  it("sends no body and no content type without data", async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiRequest("POST", "/api/favorites/1");
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the test names the message's template
  it("throws `${status}: ${body}` on a non-ok response", async () => {
    stubFetch(new Response('{"message":"Nope"}', { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("POST", "/auth/email/login", {})).rejects.toThrow('401: {"message":"Nope"}');
  });

  it("uses the status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
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
