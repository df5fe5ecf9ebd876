import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// Only refusals that are decided before any connection is made: these tests never reach the network.
describe.each(dbTargets())("image proxy on %s", (target) => {
  let server: TestServer;
  let agent: Agent;

  beforeAll(async () => {
    server = await startServer(target);
    agent = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  const proxy = (url?: string) =>
    agent.get(url === undefined ? "/api/proxy-image" : `/api/proxy-image?url=${encodeURIComponent(url)}`);

  const longUrl = `https://lh3.googleusercontent.com/${"a".repeat(2100)}`;
  const badInput: [string, string | undefined, string][] = [
    ["no url", undefined, "url is required"],
    ["an empty url", "", "url is required"],
    ["a blank url", "   ", "url is required"],
    ["a url over 2048 characters", longUrl, "url can be at most 2048 characters"],
    ["not a url", "not a url", "That is not a valid image URL"],
    ["file:", "file:///etc/passwd", "Only http and https image URLs are allowed"],
    ["ftp:", "ftp://upload.wikimedia.org/a.png", "Only http and https image URLs are allowed"],
    ["data:", "data:image/png;base64,iVBORw0KGgo=", "Only http and https image URLs are allowed"],
    ["javascript:", "javascript:alert(1)", "Only http and https image URLs are allowed"],
    [
      "credentials",
      "https://user:secret@lh3.googleusercontent.com/a.png",
      "Image URLs with a user name or password are not allowed",
    ],
  ];
  it.each(badInput)("refuses %s with 400", async (_what, url, message) => {
    const res = await proxy(url);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it.each([
    "http://127.0.0.1/x.png",
    "http://2130706433/x.png",
    "http://0x7f000001/x.png",
    "http://127.1/x.png",
    "http://0.0.0.0/x.png",
    "http://[::1]/x.png",
    "http://[::ffff:127.0.0.1]/x.png",
    "http://10.0.0.1/x.png",
    "http://192.168.1.1/x.png",
    "http://172.16.0.1/x.png",
    "http://169.254.169.254/latest/meta-data",
    "http://[fe80::1]/x.png",
  ])("refuses the internal address %s with 403", async (url) => {
    const res = await proxy(url);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "That address is not allowed" });
  });

  it.each([
    ["https://example.com/a.png", "example.com"],
    ["http://localhost/a.png", "localhost"],
    ["http://metadata.google.internal/computeMetadata/v1/", "metadata.google.internal"],
    ["https://googleusercontent.com.evil.example/a.png", "googleusercontent.com.evil.example"],
    ["https://8.8.8.8/a.png", "8.8.8.8"],
  ])("refuses %s, a host not on the allow-list, with 403", async (url, host) => {
    const res = await proxy(url);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: `Images from ${host} are not allowed` });
  });

  it("refuses a non-standard port on an allowed host with 403", async () => {
    const res = await proxy("https://lh3.googleusercontent.com:8443/a.png");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Port 8443 is not allowed for image URLs" });
  });
});
