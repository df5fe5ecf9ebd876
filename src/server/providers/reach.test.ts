import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReachCheck } from "./index";

describe("createReachCheck", () => {
  let server: http.Server;
  let base: string;
  let calls = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      calls++;
      // Overpass answers a bare GET of its interpreter with 400; /down answers 503
      res.writeHead(req.url === "/down" ? 503 : 400).end("no query");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("any answer below 500 is reachable; 5xx and refused connections are not", async () => {
    const reach = createReachCheck();
    expect((await reach(`${base}/api/interpreter`)).reachable).toBe(true);
    expect(await reach(`${base}/down`)).toMatchObject({
      reachable: false,
      detail: expect.stringContaining("HTTP 503"),
    });
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await reach(`http://127.0.0.1:${port}/x`)).toMatchObject({
      reachable: false,
      detail: `127.0.0.1:${port} not reachable`,
    });
  });

  it("asks each address at most once a minute", async () => {
    let now = 0;
    const reach = createReachCheck(() => now);
    const before = calls;
    await reach(`${base}/again`);
    await reach(`${base}/again`);
    expect(calls - before).toBe(1);
    now = 61_000;
    await reach(`${base}/again`);
    expect(calls - before).toBe(2);
  });
});
