import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import type { Friend, LikeResult } from "@shared/contracts/social";
import { apiCall, apiDo, apiPath, apiSend } from "./api-call";

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiPath", () => {
  it("fills each :param with its percent-encoded value", () => {
    expect(apiPath("GET /api/venues/:externalId/details", { externalId: "datasf:12 3" })).toBe(
      "/api/venues/datasf%3A12%203/details",
    );
    expect(apiPath("POST /api/favorites/:id", { id: 7 })).toBe("/api/favorites/7");
    expect(apiPath("GET /api/posts/feed")).toBe("/api/posts/feed");
  });
});

describe("apiSend", () => {
  it("sends the route's method and JSON body with credentials", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiSend("POST /auth/email/login", { body: { email: "a@b.co", password: "x" } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/auth/email/login");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"email":"a@b.co","password":"x"}',
    });
  });

  it("sends no body and no content type without one", async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiSend("POST /api/favorites/:id", { params: { id: 1 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/favorites/1");
    expect(init?.body).toBeUndefined();
    expect(Object.keys(init?.headers ?? {})).toEqual(["Idempotency-Key"]);
  });

  it("gives a write an Idempotency-Key, the same one to the same write sent while the first is out", async () => {
    const answers: ((r: Response) => void)[] = [];
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => answers.push(resolve)),
    );
    vi.stubGlobal("fetch", fetchMock);
    const body = { vibes: ["Chill"], content: "hi" };
    const first = apiSend("POST /api/posts", { body });
    const second = apiSend("POST /api/posts", { body });
    const other = apiSend("POST /api/posts", { body: { vibes: ["Chill"], content: "hi!" } });
    const keyOf = (i: number) =>
      (fetchMock.mock.calls[i][1]?.headers as Record<string, string> | undefined)?.["Idempotency-Key"];
    expect(keyOf(0)).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).not.toBe(keyOf(0));
    for (const answer of answers) answer(new Response("{}", { status: 201 }));
    await Promise.allSettled([first, second, other]);
    // once answered, the same content again is a new submission
    fetchMock.mockImplementation(async () => new Response("{}", { status: 201 }));
    await apiSend("POST /api/posts", { body });
    expect(keyOf(3)).not.toBe(keyOf(0));
    await apiSend("GET /api/posts/feed");
    expect(fetchMock.mock.calls[4][1]?.headers).toEqual({});
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: the test names the message's template
  it("throws `${status}: ${body}` on a non-ok response", async () => {
    stubFetch(new Response('{"message":"Nope"}', { status: 401, statusText: "Unauthorized" }));
    await expect(apiSend("POST /auth/email/login", { body: { email: "", password: "" } })).rejects.toThrow(
      '401: {"message":"Nope"}',
    );
  });

  it("uses the status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiSend("GET /api/posts/feed")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("apiDo", () => {
  it("reads the answer to its end, so the browser finishes the request", async () => {
    const answer = new Response('{"vibes":["Chill"]}', { status: 200 });
    stubFetch(answer);
    await expect(apiDo("POST /api/vibes", { body: { vibes: ["Chill"] } })).resolves.toBeUndefined();
    expect(answer.bodyUsed).toBe(true);
  });

  it("throws as apiSend does on a non-ok answer", async () => {
    stubFetch(new Response('{"message":"Nope"}', { status: 403, statusText: "Forbidden" }));
    await expect(apiDo("DELETE /api/vibes/current")).rejects.toThrow('403: {"message":"Nope"}');
  });
});

describe("apiCall", () => {
  it("GETs with the query percent-encoded and the signal, and resolves to the JSON", async () => {
    const fetchMock = stubFetch(Response.json([{ id: "u1" }]));
    const signal = new AbortController().signal;
    const found = await apiCall("GET /api/users/search", { query: { q: "a b" }, signal });
    expect(found).toEqual([{ id: "u1" }]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/users/search?q=a%20b");
    expect(init).toMatchObject({ method: "GET", credentials: "include", signal });
  });
});

describe("the types of a call", () => {
  it("are the route's contract: params, body and answer", () => {
    expectTypeOf(apiCall<"POST /api/posts/:id/like">).returns.resolves.toEqualTypeOf<LikeResult>();
    expectTypeOf(apiCall<"GET /api/friends">).returns.resolves.toEqualTypeOf<Friend[]>();
    // @ts-expect-error a route with a path parameter needs it
    void (() => apiCall("POST /api/posts/:id/like"));
    // @ts-expect-error the body is the contract's
    void (() => apiCall("POST /api/posts/:id/comments", { params: { id: "p" }, body: { text: "x" } }));
  });
});
