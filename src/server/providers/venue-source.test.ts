import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sfLikeElements, startFakeOverpass, type FakeOverpass } from "../../../tests/fakes/overpass";
import {
  backoffDelay,
  fetchJson,
  formatDuration,
  parseRetryAfter,
  safeHttpUrl,
  SourceError,
  type FetchPolicy,
} from "./venue-source";

const form = {
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: "data=" + encodeURIComponent("[out:json];node(around:100,37.95,-122.05);out;"),
};

describe("backoff and Retry-After", () => {
  it("doubles from backoffMs with jitter between 0.5x and 1.5x, up to the cap", () => {
    const p = { backoffMs: 100, maxBackoffMs: 1000 };
    expect(backoffDelay(1, { ...p, random: () => 0 })).toBe(50);
    expect(backoffDelay(1, { ...p, random: () => 0.999999 })).toBe(150);
    expect(backoffDelay(3, { ...p, random: () => 0.5 })).toBe(400);
    expect(backoffDelay(10, { ...p, random: () => 0.5 })).toBe(1000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter(new Date(Date.now() + 3000).toUTCString(), Date.now())).toBeGreaterThan(1000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it("formats durations for messages", () => {
    expect(formatDuration(20_000)).toBe("20 s");
    expect(formatDuration(1500)).toBe("1.5 s");
    expect(formatDuration(300)).toBe("300 ms");
  });

  it("keeps only http(s) links", () => {
    expect(safeHttpUrl("www.example.com")).toBe("https://www.example.com/");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("https://a.example/x; https://b.example")).toBe("https://a.example/x");
  });
});

describe("fetchJson", () => {
  let fake: FakeOverpass;
  const policy = (over: Partial<FetchPolicy> = {}): FetchPolicy => ({
    source: "osm",
    timeoutMs: 2000,
    retries: 2,
    backoffMs: 5,
    random: () => 0.5,
    ...over,
  });

  beforeAll(async () => {
    fake = await startFakeOverpass(sfLikeElements(37.95, -122.05, 1000));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.requests.length = 0;
  });

  it("retries 5xx with backoff and then succeeds", async () => {
    fake.fail({ kind: "status", status: 500 }, 2);
    const retries: number[] = [];
    const body = await fetchJson<{ elements: unknown[] }>(
      fake.url,
      form,
      policy({ onRetry: (i) => retries.push(i.waitMs) }),
    );
    expect(body.elements.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(3);
    expect(retries).toEqual([5, 10]);
  });

  it("gives up after the retries with the upstream's status and reason", async () => {
    fake.fail({ kind: "status", status: 503 }, Infinity);
    const err = (await fetchJson(fake.url, form, policy()).catch((e) => e)) as SourceError;
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ source: "osm", kind: "http", status: 503 });
    expect(err.message).toMatch(/^OpenStreetMap is unavailable \(HTTP 503: Error: runtime error/);
    expect(fake.requests).toHaveLength(3);
  });

  it("honours Retry-After on 429, up to the cap", async () => {
    fake.fail({ kind: "status", status: 429, retryAfter: "1" }, 1);
    const waits: number[] = [];
    const started = Date.now();
    await fetchJson(fake.url, form, policy({ onRetry: (i) => waits.push(i.waitMs) }));
    expect(waits).toEqual([1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    fake.fail({ kind: "status", status: 429, retryAfter: "3600" }, 1);
    waits.length = 0;
    await fetchJson(fake.url, form, policy({ retryAfterCapMs: 20, onRetry: (i) => waits.push(i.waitMs) }));
    expect(waits).toEqual([20]);
  });

  it("does not retry a 4xx other than 429", async () => {
    const err = (await fetchJson(
      fake.url,
      { ...form, body: "data=" + encodeURIComponent("[out:xml];node;out;") },
      policy(),
    ).catch((e) => e)) as SourceError;
    expect(err).toMatchObject({ kind: "http", status: 400 });
    expect(err.message).toMatch(/^OpenStreetMap refused the request \(HTTP 400: Error: line 1: parse error/);
    expect(fake.requests).toHaveLength(1);
  });

  it("times out an attempt that hangs, retries it, and says so", async () => {
    fake.fail({ kind: "hang" }, Infinity);
    const started = Date.now();
    const err = (await fetchJson(fake.url, form, policy({ timeoutMs: 150, retries: 1 })).catch(
      (e) => e,
    )) as SourceError;
    expect(err).toMatchObject({ kind: "timeout", message: "OpenStreetMap is not responding (timed out after 150 ms)" });
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("stops at once, waits included, when the caller's signal ends", async () => {
    fake.fail({ kind: "status", status: 500 }, Infinity);
    const err = (await fetchJson(fake.url, form, policy({ backoffMs: 10_000, signal: AbortSignal.timeout(200) })).catch(
      (e) => e,
    )) as SourceError;
    expect(err).toMatchObject({ kind: "timeout" });
    expect(fake.requests).toHaveLength(1);
  });

  it("treats a connection closed mid-body as a network error (retried, then failed)", async () => {
    fake.fail({ kind: "truncate" }, Infinity);
    const err = (await fetchJson(fake.url, form, policy()).catch((e) => e)) as SourceError;
    expect(err).toMatchObject({
      kind: "network",
      message: "OpenStreetMap could not be reached (the connection was closed before the response was complete)",
    });
    expect(fake.requests).toHaveLength(3);
  });

  it("recovers when only the first answer was cut short", async () => {
    fake.fail({ kind: "truncate" }, 1);
    const body = await fetchJson<{ elements: unknown[] }>(fake.url, form, policy());
    expect(body.elements.length).toBeGreaterThan(0);
  });

  it("reports a refused connection", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const a = closed.address();
    const port = typeof a === "object" && a ? a.port : 0;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = (await fetchJson(`http://127.0.0.1:${port}/api/interpreter`, form, policy({ retries: 0 })).catch(
      (e) => e,
    )) as SourceError;
    expect(err).toMatchObject({ kind: "network", message: "OpenStreetMap could not be reached (connection refused)" });
  });

  describe("bodies that are not usable", () => {
    let server: Server;
    let url = "";
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === "/big") {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ elements: "x".repeat(5000) }));
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end("{not json");
        }
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const a = server.address();
      url = `http://127.0.0.1:${typeof a === "object" && a ? a.port : 0}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it("says when JSON is broken, without retrying", async () => {
      await expect(fetchJson(url + "/bad", { method: "GET" }, policy({ source: "google" }))).rejects.toMatchObject({
        source: "google",
        kind: "invalid",
        message: "Google Places sent a response that is not valid JSON",
      });
    });

    it("refuses a body over the size limit", async () => {
      await expect(fetchJson(url + "/big", { method: "GET" }, policy({ maxBytes: 1000 }))).rejects.toMatchObject({
        kind: "invalid",
      });
    });
  });
});
