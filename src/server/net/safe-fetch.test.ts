import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../context";
import { asHttpError, errorHandler } from "../http/errors";
import { ImageFetchError } from "./errors";
import { createImageCache, imageProxyRoutes } from "../venues/image-proxy";
import { DEFAULT_IMAGE_HOSTS } from "./image-hosts";
import {
  hostAllowed,
  IMAGE_FETCH_TEXT as T,
  safeFetchImage,
  sniffImageType,
  USER_AGENT,
  type Resolver,
  type SafeFetchOptions,
} from "./safe-fetch";

// A valid 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let server: http.Server;
let port = 0;
const hits = new Map<string, number>();
const seenHeaders: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    hits.set(u.pathname, (hits.get(u.pathname) ?? 0) + 1);
    seenHeaders.push(req.headers);
    const to = u.searchParams.get("to");
    switch (u.pathname) {
      case "/ok.png":
        res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
        return res.end(PNG);
      case "/chunked.png":
        res.writeHead(200, { "content-type": "image/png; charset=binary" });
        res.write(PNG.subarray(0, 10));
        return res.end(PNG.subarray(10));
      case "/labelled-png-is-jpeg":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(JPEG);
      case "/page.html":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html></html>");
      case "/no-type":
        res.writeHead(200);
        return res.end(PNG);
      case "/fake.png":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end("<html><script>alert(1)</script></html>");
      case "/image.svg":
        res.writeHead(200, { "content-type": "image/svg+xml" });
        return res.end(SVG);
      case "/big-declared.png":
        res.writeHead(200, { "content-type": "image/png", "content-length": 4096 });
        return res.end(Buffer.concat([PNG, Buffer.alloc(4096 - PNG.length)]));
      case "/big-chunked.png": {
        // No Content-Length: a stream that never ends unless the client stops reading.
        res.writeHead(200, { "content-type": "image/png" });
        res.write(PNG);
        const t = setInterval(() => res.write(Buffer.alloc(512)), 5);
        res.on("close", () => clearInterval(t));
        return;
      }
      case "/slow-head":
        return; // never answers
      case "/slow-body": {
        res.writeHead(200, { "content-type": "image/png" });
        res.write(PNG.subarray(0, 8));
        return; // never finishes
      }
      case "/redirect":
        res.writeHead(302, { location: to ?? "/ok.png" });
        return res.end();
      case "/redirect-no-location":
        res.writeHead(302);
        return res.end();
      case "/loop":
        res.writeHead(301, { location: "/loop" });
        return res.end();
      case "/chain": {
        const n = Number(u.searchParams.get("n"));
        res.writeHead(307, { location: n > 1 ? `/chain?n=${n - 1}` : "/ok.png" });
        return res.end();
      }
      case "/error":
        res.writeHead(500, { "content-type": "image/png" });
        return res.end(PNG);
      default:
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Test DNS: images.test and cdn.images.test are "public" stand-ins that reach the local server. */
const ZONE: Record<string, { address: string; family: number }[]> = {
  "images.test": [{ address: "127.0.0.1", family: 4 }],
  "cdn.images.test": [{ address: "127.0.0.1", family: 4 }],
  "evil.test": [{ address: "10.0.0.5", family: 4 }],
  "metadata.test": [{ address: "169.254.169.254", family: 4 }],
  "v6-loopback.test": [{ address: "::1", family: 6 }],
  "mapped.test": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "mixed.test": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.0.0.5", family: 4 },
  ],
};
const lookups: string[] = [];
const lookup: Resolver = async (hostname) => {
  lookups.push(hostname);
  const found = ZONE[hostname.replace(/\.$/, "")];
  if (found) return found;
  if (hostname === "localhost") return [{ address: "127.0.0.1", family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};
// Only the exact address the test server is on passes, standing in for "a public address".
// Every other loopback (127.0.0.2, ::1, 127.1.2.3) keeps being refused by the real policy.
const allowTestServer = (ip: string) => ip === "127.0.0.1";

const at = (path: string, host = "images.test") => `http://${host}:${port}${path}`;
/** Options for the positive path: the allow-list, the test DNS and the test server let through. */
const open = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  allowHosts: ["images.test", ".images.test"],
  lookup,
  allowAddress: allowTestServer,
  allowPorts: [port],
  ...extra,
});

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ImageFetchError);
    const answer = asHttpError(err)!;
    return { status: answer.statusCode, message: answer.message };
  }
  throw new Error("expected a refusal");
}

describe("safeFetchImage: the happy path", () => {
  it("fetches a PNG through the guarded lookup with a plain request", async () => {
    const before = seenHeaders.length;
    const img = await safeFetchImage(at("/ok.png"), open());
    expect(img.contentType).toBe("image/png");
    expect(img.body.equals(PNG)).toBe(true);
    expect(img.finalUrl).toBe(at("/ok.png"));
    expect(lookups).toContain("images.test");
    const sent = seenHeaders[before];
    expect(sent["user-agent"]).toBe(USER_AGENT);
    expect(sent.accept).toBe("image/*");
    expect(sent.cookie).toBeUndefined();
    expect(sent.authorization).toBeUndefined();
    expect(sent.referer).toBeUndefined();
  });

  it("reads chunked bodies and content types with parameters", async () => {
    const img = await safeFetchImage(at("/chunked.png", "cdn.images.test"), open());
    expect(img.body.equals(PNG)).toBe(true);
  });

  it("serves the type the bytes really are when the label names another allowed type", async () => {
    const img = await safeFetchImage(at("/labelled-png-is-jpeg"), open());
    expect(img.contentType).toBe("image/jpeg");
  });

  it("follows redirects within the policy and reports the final URL", async () => {
    const img = await safeFetchImage(at("/chain?n=3"), open());
    expect(img.body.equals(PNG)).toBe(true);
    expect(img.finalUrl).toBe(at("/ok.png"));
  });

  it("follows a relative redirect to an allowed subdomain", async () => {
    const img = await safeFetchImage(
      at(`/redirect?to=${encodeURIComponent(at("/ok.png", "cdn.images.test"))}`),
      open(),
    );
    expect(img.finalUrl).toBe(at("/ok.png", "cdn.images.test"));
  });

  it("with allowHosts null any host with allowed addresses is fetched", async () => {
    const img = await safeFetchImage(at("/ok.png", "127.0.0.1"), open({ allowHosts: null }));
    expect(img.contentType).toBe("image/png");
  });
});

describe("safeFetchImage: what the URL may be", () => {
  it.each([
    ["file:///etc/passwd", 400, T.scheme],
    ["ftp://images.test/a.png", 400, T.scheme],
    ["data:image/png;base64,iVBORw0KGgo=", 400, T.scheme],
    ["javascript:alert(1)", 400, T.scheme],
    ["gopher://127.0.0.1:6379/_INFO", 400, T.scheme],
    ["ws://images.test/a.png", 400, T.scheme],
    ["not a url", 400, T.invalidUrl],
    ["", 400, T.invalidUrl],
    ["//images.test/a.png", 400, T.invalidUrl],
    ["http://", 400, T.invalidUrl],
  ])("%j is %i", async (url, status, message) => {
    expect(await refusal(safeFetchImage(url, open()))).toEqual({ status, message });
  });

  it("refuses credentials in the URL", async () => {
    expect(await refusal(safeFetchImage(at("/ok.png").replace("//", "//user:secret@"), open()))).toEqual({
      status: 400,
      message: T.credentials,
    });
    expect(await refusal(safeFetchImage(at("/ok.png").replace("//", "//user@"), open()))).toEqual({
      status: 400,
      message: T.credentials,
    });
  });

  it("allows only ports 80 and 443 by default", async () => {
    const { allowPorts: _, ...rest } = open();
    expect(await refusal(safeFetchImage(at("/ok.png"), rest))).toEqual({ status: 403, message: T.port(port) });
    expect(await refusal(safeFetchImage("http://images.test:8080/a.png", rest))).toEqual({
      status: 403,
      message: T.port(8080),
    });
    expect(await refusal(safeFetchImage("https://images.test:80/a.png", { ...rest, allowHosts: ["x.test"] }))).toEqual({
      status: 403,
      message: T.host("images.test"),
    });
  });

  it("refuses hosts not on the allow-list without looking them up", async () => {
    lookups.length = 0;
    expect(await refusal(safeFetchImage(at("/ok.png", "other.test"), open()))).toEqual({
      status: 403,
      message: T.host("other.test"),
    });
    expect(await refusal(safeFetchImage(at("/ok.png", "imagesXtest"), open()))).toEqual({
      status: 403,
      message: T.host("imagesxtest"),
    });
    expect(await refusal(safeFetchImage(at("/ok.png", "notimages.test"), open()))).toEqual({
      status: 403,
      message: T.host("notimages.test"),
    });
    expect(await refusal(safeFetchImage(at("/ok.png", "images.test.evil.com"), open()))).toEqual({
      status: 403,
      message: T.host("images.test.evil.com"),
    });
    expect(lookups).toEqual([]);
  });
});

describe("safeFetchImage: never an internal address", () => {
  // No allowAddress override here: the real policy decides, and nothing is ever connected to.
  const strict = (allowHosts: string[] | null = null): SafeFetchOptions => ({
    allowHosts,
    lookup,
    allowPorts: [80, 443, port],
  });

  it.each([
    "http://127.0.0.1/x.png",
    "http://127.0.0.2/x.png",
    "http://0.0.0.0/x.png",
    "http://0/x.png",
    "http://2130706433/x.png", // decimal
    "http://0x7f000001/x.png", // hex
    "http://0x7f.1/x.png",
    "http://017700000001/x.png", // octal
    "http://127.1/x.png", // short form
    "http://127.0.0.1./x.png", // trailing dot
    "http://[::1]/x.png",
    "http://[0:0:0:0:0:0:0:1]/x.png",
    "http://[::]/x.png",
    "http://[::ffff:127.0.0.1]/x.png",
    "http://[::ffff:7f00:1]/x.png",
    "http://[::ffff:169.254.169.254]/x.png",
    "http://10.0.0.1/x.png",
    "http://192.168.1.1/x.png",
    "http://172.16.0.1/x.png",
    "http://100.64.0.1/x.png",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fe80::1]/x.png",
    "http://[fd00::1]/x.png",
    "http://[64:ff9b::a9fe:a9fe]/x.png",
    "http://[2002:7f00:1::]/x.png",
    "http://①②⑦.0.0.1/x.png", // full-width digits normalise to 127.0.0.1
  ])("refuses %s with 403 whether or not an allow-list is in force", async (url) => {
    const refused = { status: 403, message: T.address };
    expect(await refusal(safeFetchImage(url, strict()))).toEqual(refused);
    expect(await refusal(safeFetchImage(url, strict(["images.test"])))).toEqual(refused);
  });

  it("refuses the loopback test server itself without the override, before connecting", async () => {
    const before = hits.get("/ok.png") ?? 0;
    expect(await refusal(safeFetchImage(at("/ok.png", "127.0.0.1"), strict()))).toEqual({
      status: 403,
      message: T.address,
    });
    expect(await refusal(safeFetchImage(at("/ok.png"), strict(["images.test"])))).toEqual({
      status: 403,
      message: T.address,
    });
    expect(hits.get("/ok.png") ?? 0).toBe(before);
  });

  it.each([
    ["localhost", "127.0.0.1"],
    ["evil.test", "10.0.0.5"],
    ["metadata.test", "169.254.169.254"],
    ["v6-loopback.test", "::1"],
    ["mapped.test", "::ffff:127.0.0.1"],
    ["mixed.test", "a public and a private address"],
    ["evil.test.", "10.0.0.5 with a trailing dot"],
  ])("refuses a name that resolves to an internal address: %s (%s)", async (host) => {
    expect(await refusal(safeFetchImage(`http://${host}/x.png`, strict()))).toEqual({
      status: 403,
      message: T.address,
    });
    expect(await refusal(safeFetchImage(`http://${host}/x.png`, strict([host.replace(/\.$/, "")])))).toEqual({
      status: 403,
      message: T.address,
    });
  });

  it("a name that does not resolve is 422", async () => {
    expect(await refusal(safeFetchImage("http://nowhere.test/x.png", strict()))).toEqual({
      status: 422,
      message: T.unreachable,
    });
  });
});

describe("safeFetchImage: redirects", () => {
  const via = (to: string) => at(`/redirect?to=${encodeURIComponent(to)}`);

  it.each([
    ["loopback 127.0.0.2", "http://127.0.0.2/x.png", 403, T.address],
    ["loopback ::1", "http://[::1]/x.png", 403, T.address],
    ["loopback as a decimal", "http://2130706434/x.png", 403, T.address],
    ["localhost by name", "http://localhost/x.png", 403, T.host("localhost")],
    ["a private address", "http://10.0.0.1/x.png", 403, T.address],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/", 403, T.address],
    ["a name resolving to a private address", "http://evil.test/x.png", 403, T.host("evil.test")],
    ["a host not on the allow-list", "https://other.example/x.png", 403, T.host("other.example")],
    ["a file: URL", "file:///etc/passwd", 400, T.scheme],
    ["a URL with credentials", "http://a:b@images.test/x.png", 400, T.credentials],
    ["a non-standard port", "http://images.test:6379/", 403, T.port(6379)],
  ])("into %s is refused", async (_what, to, status, message) => {
    expect(await refusal(safeFetchImage(via(to), open()))).toEqual({ status, message });
  });

  it("into an allow-listed name that resolves to a private address is refused by the lookup", async () => {
    const opts = open({ allowHosts: ["images.test", "evil.test"], allowPorts: [port, 80] });
    expect(await refusal(safeFetchImage(via("http://evil.test/x.png"), opts))).toEqual({
      status: 403,
      message: T.address,
    });
    // and with no allow-list at all (image analysis): the address check still holds
    expect(
      await refusal(
        safeFetchImage(via("http://metadata.test/x.png"), open({ allowHosts: null, allowPorts: [port, 80] })),
      ),
    ).toEqual({
      status: 403,
      message: T.address,
    });
  });

  it("gives up after maxRedirects", async () => {
    expect(await refusal(safeFetchImage(at("/loop"), open()))).toEqual({ status: 422, message: T.tooManyRedirects });
    expect(await refusal(safeFetchImage(at("/chain?n=4"), open()))).toEqual({
      status: 422,
      message: T.tooManyRedirects,
    });
    expect(await refusal(safeFetchImage(at("/chain?n=1"), open({ maxRedirects: 0 })))).toEqual({
      status: 422,
      message: T.tooManyRedirects,
    });
  });

  it("a redirect without a location is 422", async () => {
    expect(await refusal(safeFetchImage(at("/redirect-no-location"), open()))).toEqual({
      status: 422,
      message: T.badRedirect,
    });
  });
});

describe("safeFetchImage: what comes back", () => {
  it.each([
    ["/page.html", 415, T.notImage],
    ["/no-type", 415, T.notImage],
    ["/fake.png", 415, T.notImage],
    ["/image.svg", 415, T.svg],
    ["/missing.png", 404, T.notFound],
    ["/error", 404, T.notFound],
  ])("%s is %i", async (path, status, message) => {
    expect(await refusal(safeFetchImage(at(path), open()))).toEqual({ status, message });
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    expect(await refusal(safeFetchImage(at("/big-declared.png"), open({ maxBytes: 1024 })))).toEqual({
      status: 413,
      message: "The image is larger than 1 KB",
    });
  });

  it("stops reading a body without a length once it passes the cap", async () => {
    const started = Date.now();
    expect(await refusal(safeFetchImage(at("/big-chunked.png"), open({ maxBytes: 2000 })))).toEqual({
      status: 413,
      message: "The image is larger than 2000 bytes",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("names the default cap in MB", () => {
    expect(T.tooLarge(5 * 1024 * 1024)).toBe("The image is larger than 5 MB");
  });

  it("times out a server that never answers, and one that never finishes the body", async () => {
    expect(await refusal(safeFetchImage(at("/slow-head"), open({ timeoutMs: 150 })))).toEqual({
      status: 408,
      message: T.timeout,
    });
    expect(await refusal(safeFetchImage(at("/slow-body"), open({ timeoutMs: 150 })))).toEqual({
      status: 408,
      message: T.timeout,
    });
  });
});

describe("hostAllowed", () => {
  it.each([
    ["images.test", ["images.test"], true],
    ["IMAGES.TEST.", ["images.test"], true],
    ["cdn.images.test", ["images.test"], false],
    ["cdn.images.test", [".images.test"], true],
    ["a.b.images.test", ["*.images.test"], true],
    ["images.test", [".images.test"], false],
    ["evilimages.test", [".images.test"], false],
    ["lh3.googleusercontent.com", DEFAULT_IMAGE_HOSTS, true],
    ["googleusercontent.com.evil.com", DEFAULT_IMAGE_HOSTS, false],
    ["upload.wikimedia.org", DEFAULT_IMAGE_HOSTS, true],
    ["commons.wikimedia.org", DEFAULT_IMAGE_HOSTS, false],
    ["live.staticflickr.com", DEFAULT_IMAGE_HOSTS, true],
    ["anything", [".", "", "*."], false],
  ] as const)("%s on %j is %s", (host, list, expected) => {
    expect(hostAllowed(host, list)).toBe(expected);
  });
});

describe("sniffImageType", () => {
  it("knows the allowed formats by their first bytes", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"))).toBe("image/gif");
    expect(sniffImageType(Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("image/webp");
    const avif = Buffer.alloc(32);
    avif.writeUInt32BE(28, 0);
    avif.write("ftypavif", 4, "latin1");
    expect(sniffImageType(avif)).toBe("image/avif");
    const avifCompat = Buffer.alloc(32);
    avifCompat.writeUInt32BE(24, 0);
    avifCompat.write("ftypmif1\x00\x00\x00\x00mif1avif", 4, "latin1");
    expect(sniffImageType(avifCompat)).toBe("image/avif");
  });

  it("refuses everything else", () => {
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from("<html>"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    const heic = Buffer.alloc(24);
    heic.writeUInt32BE(24, 0);
    heic.write("ftypheic", 4, "latin1");
    expect(sniffImageType(heic)).toBeNull();
  });
});

describe("the image cache", () => {
  const img = (n: number) => ({ body: Buffer.alloc(n), contentType: "image/png", finalUrl: "x" });

  it("evicts the least recently used when over bytes or entries", () => {
    const cache = createImageCache({ maxBytes: 100, maxEntries: 3 });
    cache.set("a", img(40));
    cache.set("b", img(40));
    expect(cache.get("a")).toBeDefined(); // a is now the most recent
    cache.set("c", img(40)); // 120 bytes: b goes
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.bytes).toBe(80);
    cache.set("d", img(1));
    cache.set("e", img(1)); // 4 entries: the oldest (c) goes
    expect(cache.size).toBe(3);
    expect(cache.get("c")).toBeUndefined();
    cache.set("huge", img(101)); // larger than the whole cache: never kept
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.bytes).toBe(42);
  });

  it("forgets entries after the TTL", () => {
    let now = 0;
    const cache = createImageCache({ ttlMs: 1000, now: () => now });
    cache.set("a", img(1));
    now = 999;
    expect(cache.get("a")).toBeDefined();
    now = 1000;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe("GET /api/proxy-image", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setErrorHandler(errorHandler);
    imageProxyRoutes(app, {} as AppContext, {
      allowHosts: ["images.test"],
      lookup,
      allowAddress: allowTestServer,
      allowPorts: [port],
      timeoutMs: 2000,
    });
    await app.ready();
  });
  afterAll(() => app.close());
  const get = (url?: string) =>
    app.inject({ method: "GET", url: "/api/proxy-image", query: url === undefined ? {} : { url } });

  it("serves the image with safe headers, then from the cache", async () => {
    const url = at("/ok.png?cache-test");
    const before = hits.get("/ok.png") ?? 0;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(PNG)).toBe(true);
    expect(first.headers).toMatchObject({
      "content-type": "image/png",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "x-cache": "MISS",
    });
    const second = await get(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.rawPayload.equals(PNG)).toBe(true);
    expect(hits.get("/ok.png")).toBe(before + 1);
  });

  it("shares one upstream fetch between concurrent requests", async () => {
    const url = at("/ok.png?concurrent");
    const before = hits.get("/ok.png") ?? 0;
    const all = await Promise.all([get(url), get(url), get(url)]);
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(hits.get("/ok.png")).toBe(before + 1);
  });

  it("does not cache refusals", async () => {
    const before = hits.get("/page.html") ?? 0;
    for (let i = 0; i < 2; i++) {
      const res = await get(at("/page.html"));
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: T.notImage });
    }
    expect(hits.get("/page.html")).toBe(before + 2);
  });

  it.each([
    [undefined, 400, "url is required"],
    ["", 400, "url is required"],
    ["   ", 400, "url is required"],
    [`http://images.test/${"a".repeat(2100)}`, 400, "url can be at most 2048 characters"],
    ["file:///etc/passwd", 400, T.scheme],
    ["http://169.254.169.254/latest/meta-data/", 403, T.address],
    ["http://example.com/a.png", 403, T.host("example.com")],
  ])("%j is %i", async (url, status, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
  });

  it("refuses a repeated url parameter", async () => {
    const res = await app.inject({ method: "GET", url: "/api/proxy-image?url=a&url=b" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("url must be a single value");
  });
});

describe("safeFetchImage: per-host headers (Google photo keys)", () => {
  it("sends a host's header to that host only, never on to where it redirects", async () => {
    const before = seenHeaders.length;
    const headersFor = (u: URL): Record<string, string> =>
      u.hostname === "images.test" ? { "x-goog-api-key": "secret-key" } : {};
    const img = await safeFetchImage(
      at(`/redirect?to=${encodeURIComponent(at("/ok.png", "cdn.images.test"))}`),
      open({ headersFor }),
    );
    expect(img.finalUrl).toBe(at("/ok.png", "cdn.images.test"));
    const [first, second] = seenHeaders.slice(before);
    expect(first["x-goog-api-key"]).toBe("secret-key");
    expect(second["x-goog-api-key"]).toBeUndefined();
  });

  it("googlePhotoHeaders keys only places.googleapis.com, and nothing without a key", async () => {
    const { googlePhotoHeaders } = await import("../venues/image-proxy");
    expect(googlePhotoHeaders("k")(new URL("https://places.googleapis.com/v1/places/x/photos/y/media"))).toEqual({
      "x-goog-api-key": "k",
    });
    expect(googlePhotoHeaders("k")(new URL("https://lh3.googleusercontent.com/p/abc"))).toEqual({});
    expect(googlePhotoHeaders(null)(new URL("https://places.googleapis.com/v1/x"))).toEqual({});
  });
});
