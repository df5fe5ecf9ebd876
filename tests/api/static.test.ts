import { readFileSync } from "node:fs";
import { request } from "node:http";
import { resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server";

/** One GET with exactly these request headers, the body as the bytes that crossed the wire. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}

const CLIENT = resolve("dist/client");

/**
 * The built client as a browser gets it: hashed assets cached for a year and sent compressed
 * (Brotli or gzip copies written by the build, chosen by Accept-Encoding), the page never cached.
 * Static serving does not touch the database, so PGlite alone is enough here.
 */
describe("the built client's files", () => {
  let server: TestServer;
  let scripts: string[] = [];
  let styles: string[] = [];

  beforeAll(async () => {
    server = await startServer("pglite");
    const html = (await rawGet(`${server.url}/`)).body.toString("utf8");
    scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    styles = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
  });
  afterAll(async () => server?.close());

  it("sends the Brotli copy to a browser that accepts it, the same code once decoded", async () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of [...scripts, ...styles]) {
      const file = readFileSync(resolve(CLIENT, `.${path}`));
      const res = await rawGet(`${server.url}${path}`, { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(res.status, path).toBe(200);
      expect(res.headers["content-encoding"], path).toBe("br");
      expect(res.headers["content-type"], path).toMatch(
        path.endsWith(".js") ? /^(text|application)\/javascript/ : /^text\/css/,
      );
      expect(res.headers.vary, path).toMatch(/accept-encoding/i);
      expect(Number(res.headers["content-length"]), path).toBe(res.body.length);
      expect(res.body.length, path).toBeLessThan(file.length / 2);
      expect(brotliDecompressSync(res.body).equals(file), path).toBe(true);
    }
  });

  it("sends gzip where Brotli is not accepted, and the file itself where nothing is", async () => {
    const path = scripts[0];
    const file = readFileSync(resolve(CLIENT, `.${path}`));
    const gz = await rawGet(`${server.url}${path}`, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(file)).toBe(true);
    for (const headers of [{}, { "accept-encoding": "identity" }] as Record<string, string>[]) {
      const plain = await rawGet(`${server.url}${path}`, headers);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-type"]).toMatch(/javascript/);
      expect(plain.body.equals(file)).toBe(true);
    }
  });

  it("lets browsers keep a hashed asset for a year, and never the page that names them", async () => {
    for (const path of [...scripts, ...styles]) {
      const res = await rawGet(`${server.url}${path}`, { "accept-encoding": "br" });
      expect(res.headers["cache-control"], path).toBe("public, max-age=31536000, immutable");
    }
    for (const path of ["/", "/home", "/favicon.svg"]) {
      const res = await rawGet(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers["cache-control"], path).toBe("no-cache");
    }
  });

  it("answers a missing asset (a chunk of an earlier build) with a 404, not the page", async () => {
    for (const path of ["/assets/home-page-0ld8u1ld.js", "/assets/gone.css"]) {
      const res = await rawGet(`${server.url}${path}`, { "accept-encoding": "br" });
      expect(res.status, path).toBe(404);
      expect(res.headers["content-type"], path).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString("utf8")), path).toEqual({ message: expect.any(String) });
    }
  });
});
