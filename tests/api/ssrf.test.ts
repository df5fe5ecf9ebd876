import { promises as dns } from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Resolver } from "../../src/server/net/safe-fetch";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * SSRF through the two routes that fetch a URL a person gives: the image proxy and the admin's
 * image analysis, on the real app. A fake photo host on 127.0.0.2 stands in for "the public
 * internet" (the only address the guard is told to allow); a "secret" internal service listens on
 * 127.0.0.1 and counts every request that reaches it: it must never see one.
 */
const REFUSED = { message: "That address is not allowed" };

let photoHost: http.Server;
let photoPort = 0;
let secret: http.Server;
let secretPort = 0;
let secretHits = 0;
let image: Buffer;

/** Test DNS: names mapped here, everything else (localhost...) through the system resolver. */
const resolutions: string[] = [];
let rebindCalls = 0;
const ZONE: Record<string, string[]> = {
  "photos.test": ["127.0.0.2"],
  "internal.test": ["127.0.0.1"],
  "metadata.test": ["169.254.169.254"],
  "private.test": ["10.0.0.7"],
  "zero.test": ["0.0.0.0"],
  "v6-loopback.test": ["::1"],
  "v6-mapped.test": ["::ffff:127.0.0.1"],
  "v6-mapped-metadata.test": ["::ffff:a9fe:a9fe"],
  "v6-link-local.test": ["fe80::1"],
  "v6-unique-local.test": ["fd12:3456::1"],
  "mixed.test": ["127.0.0.2", "127.0.0.1"],
};
const resolver: Resolver = async (hostname) => {
  const name = hostname.replace(/\.$/, "");
  resolutions.push(name);
  // DNS rebinding: the first answer is the public host, every later one an internal address
  if (name === "rebind.test") return [{ address: rebindCalls++ === 0 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
  const zone = ZONE[name];
  if (zone) return zone.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  return dns.lookup(hostname, { all: true, verbatim: true });
};

beforeAll(async () => {
  image = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  photoHost = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    if (u.pathname === "/photo.jpg")
      return res.writeHead(200, { "content-type": "image/jpeg", "content-length": image.length }).end(image);
    if (u.pathname === "/redirect") return res.writeHead(302, { location: u.searchParams.get("to")! }).end();
    res.writeHead(404).end();
  });
  secret = http.createServer((_req, res) => {
    secretHits++;
    res.writeHead(200, { "content-type": "image/jpeg" }).end(image);
  });
  await new Promise<void>((r) => photoHost.listen(0, "127.0.0.2", r));
  await new Promise<void>((r) => secret.listen(0, "127.0.0.1", r));
  photoPort = (photoHost.address() as AddressInfo).port;
  secretPort = (secret.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of [photoHost, secret]) {
    s?.closeAllConnections();
    await new Promise((r) => s?.close(r));
  }
});

const photo = (host = "photos.test") => `http://${host}:${photoPort}/photo.jpg`;
const redirectTo = (to: string, host = "photos.test") =>
  `http://${host}:${photoPort}/redirect?to=${encodeURIComponent(to)}`;

/** Internal places a URL can name, each on the secret service's port where a port applies. */
const internalUrls = () => [
  `http://127.0.0.1:${secretPort}/`,
  `http://localhost:${secretPort}/`,
  `http://2130706433:${secretPort}/`,
  `http://0.0.0.0:${secretPort}/`,
  `http://[::1]:${secretPort}/`,
  `http://[::ffff:127.0.0.1]:${secretPort}/`,
  `http://169.254.169.254/latest/meta-data/`,
  `http://internal.test:${secretPort}/`,
  `http://zero.test:${secretPort}/`,
  `http://v6-mapped.test:${secretPort}/`,
  `http://metadata.test/latest/meta-data/`,
];

/** Names that resolve to an internal address (the allow-list lets every one of them through). */
const internalNames = [
  "localhost",
  "internal.test",
  "metadata.test",
  "private.test",
  "zero.test",
  "v6-loopback.test",
  "v6-mapped.test",
  "v6-mapped-metadata.test",
  "v6-link-local.test",
  "v6-unique-local.test",
  "mixed.test",
];

describe.each(dbTargets())("SSRF on %s", (target) => {
  let server: TestServer;
  let admin: Agent;
  const adminEmail = uniqueEmail("ssrf-admin");

  beforeAll(async () => {
    server = await startServer(
      target,
      {},
      // the allow-list names every test host, so what refuses below is the address check alone
      {
        ADMIN_EMAILS: adminEmail,
        IMAGE_PROXY_HOSTS: ["photos.test", "rebind.test", "localhost", ...internalNames, "127.0.0.1"].join(","),
      },
      {
        imageFetch: {
          lookup: resolver,
          allowAddress: (ip) => ip === "127.0.0.2",
          allowPorts: [photoPort, secretPort, 80, 443],
        },
      },
    );
    admin = new Agent(server.url);
    await signUpAdmin(server, admin, { email: adminEmail });
  });
  afterAll(async () => server?.close());

  const routes = {
    "image proxy": (url: string) => admin.get(`/api/proxy-image?url=${encodeURIComponent(url)}`),
    "image analysis": (url: string) => admin.post("/api/admin/analyze-sentiment", { imageUrl: url }),
  };

  describe.each(Object.entries(routes))("%s", (_route, fetchVia) => {
    it("fetches from the stand-in public host (the setup can succeed)", async () => {
      const res = await fetchVia(photo());
      expect(res.status).toBe(200);
    });

    it.each(internalNames)(
      "refuses %s, a name that resolves to an internal address, without connecting",
      async (name) => {
        const before = secretHits;
        const res = await fetchVia(`http://${name}:${secretPort}/x.jpg`);
        expect(res.status).toBe(403);
        expect(res.body).toEqual(REFUSED);
        expect(secretHits).toBe(before);
      },
    );

    it("refuses a redirect from the public host into each internal address, without connecting", async () => {
      const before = secretHits;
      for (const to of internalUrls()) {
        const res = await fetchVia(redirectTo(to));
        expect(res.status, to).toBe(403);
        expect(res.body, to).toEqual(REFUSED);
      }
      expect(secretHits).toBe(before);
    });

    it("DNS rebinding: each connection uses the very address that was checked, once resolved", async () => {
      const before = secretHits;
      rebindCalls = 0;
      resolutions.length = 0;
      // first hop: resolves (once) to the public host and is served from it
      expect((await fetchVia(photo("rebind.test"))).status).toBe(200);
      expect(resolutions.filter((n) => n === "rebind.test")).toHaveLength(1);
      // a later hop to the same name now resolves internally: refused, not connected
      const res = await fetchVia(redirectTo(`http://rebind.test:${secretPort}/?second`, "photos.test"));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
      expect(secretHits).toBe(before);
    });
  });
});
