import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisResultSchema, servicesSchema } from "@shared/contracts/admin";
import { createVibeAnalyzer } from "../../src/server/vibes/analyzer";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/** A local image host and an OpenAI-compatible model, both fakes on loopback. */
let imageHost: http.Server;
let imagePort: number;
let model: http.Server;
let modelUrl: string;
const modelCalls: Array<{ auth?: string; body: { model: string; messages: unknown[] } }> = [];

beforeAll(async () => {
  // a dark room lit by one warm lamp: the image analyzer should read it as cozy or romantic
  const dim = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 40, g: 20, b: 10 } } })
    .composite([
      {
        input: await sharp({ create: { width: 30, height: 30, channels: 3, background: { r: 240, g: 150, b: 40 } } })
          .png()
          .toBuffer(),
        left: 45,
        top: 25,
      },
    ])
    .jpeg()
    .toBuffer();
  imageHost = http.createServer((req, res) => {
    if (req.url === "/lamp.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg", "content-length": dim.length });
      return res.end(dim);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => imageHost.listen(0, "127.0.0.1", r));
  imagePort = (imageHost.address() as AddressInfo).port;

  model = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      modelCalls.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          choices: [
            {
              message: {
                role: "assistant",
                content: JSON.stringify({
                  vibes: [
                    { vibe: "Romantic", confidence: 0.9 },
                    { vibe: "Nonsense", confidence: 1 },
                  ],
                }),
              },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((r) => model.listen(0, "127.0.0.1", r));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  imageHost?.closeAllConnections();
  model?.closeAllConnections();
  await new Promise((r) => imageHost?.close(r));
  await new Promise((r) => model?.close(r));
});

describe.each(dbTargets())("admin on %s", (target) => {
  let server: TestServer;
  let admin: Agent;
  let someone: Agent;
  const adminEmail = uniqueEmail("admin");

  beforeAll(async () => {
    // the image guard is opened to the local image host only (as a public host would be)
    const vibes = createVibeAnalyzer({
      imageFetch: {
        lookup: async () => [{ address: "127.0.0.1", family: 4 }],
        allowAddress: (ip) => ip === "127.0.0.1",
        allowPorts: [imagePort],
      },
    });
    // OpenStreetMap configured at an address nothing listens on: configured is not available
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const overpassUrl = `http://127.0.0.1:${closedPort}/api/interpreter`;
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail, OVERPASS_URL: overpassUrl }, { vibes });
    admin = new Agent(server.url);
    await signUpAdmin(server, admin, { email: adminEmail });
    someone = admin.fresh();
    await signUp(someone);
  });
  afterAll(async () => server?.close());

  it("is for admins only: 401 signed out, 403 for everyone else", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/admin/services", undefined],
      ["POST", "/api/admin/analyze-sentiment", { text: "cozy" }],
      ["POST", "/api/admin/sync-venues", { latitude: 37.77, longitude: -122.42, radius: 100 }],
      ["POST", "/api/admin/venues/1/owner", { email: "a@b.co" }],
    ] as const) {
      expect((await admin.fresh().request(method, path, body)).status).toBe(401);
      const res = await someone.request(method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Admins only");
    }
  });

  it("lists every service with whether it is available", async () => {
    const res = await admin.get("/api/admin/services");
    expect(res.status).toBe(200);
    const { services } = servicesSchema.parse(res.body);
    const byName = Object.fromEntries(services.map((s) => [s.name, s]));
    expect(byName.Database).toMatchObject({ available: true });
    expect(byName["Realtime bus"]).toMatchObject({ available: true, detail: "In-process (one instance)" });
    // configured is not reachable: nothing listens there (it said "Available" with no network)
    expect(byName["OpenStreetMap (Overpass)"]).toMatchObject({
      available: false,
      detail: expect.stringMatching(/^127\.0\.0\.1:\d+ not reachable/),
    });
    expect(byName["Google Places"]).toMatchObject({ available: false, detail: "GOOGLE_PLACES_API_KEY not set" });
    expect(byName["Text analysis (vibe-model-v3)"].available).toBe(true);
    expect(byName["Image analysis (image-stats-v1)"].available).toBe(true);
    expect(byName["Text analysis (model)"].available).toBe(false);
    expect(byName["Sign in with Google"].available).toBe(false);
    // no SMTP_URL here: mail is off, and the list says so
    expect(byName.Mail).toMatchObject({ available: false, detail: expect.stringMatching(/^Off: SMTP_URL is unset/) });
  });

  it("analyses text with the built-in analyzer", async () => {
    const res = await admin.post("/api/admin/analyze-sentiment", {
      text: "Perfect for date night: candlelit, quiet and not loud at all.",
    });
    expect(res.status).toBe(200);
    const result = analysisResultSchema.strict().parse(res.body);
    expect(result.method).toBe("vibe-model-v3");
    const conf = Object.fromEntries(result.vibes.map((v) => [v.vibe, v.confidence]));
    // calibrated probabilities: Romantic and Quiet well above their base rates, Loud well below its own
    expect(conf.Romantic).toBeGreaterThanOrEqual(0.5);
    expect(conf.Quiet).toBeGreaterThanOrEqual(0.8);
    expect(conf.Loud).toBeLessThan(0.2);
    expect(result.vibes).toEqual(
      [...result.vibes].sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe)),
    );
  });

  it("analyses an image from its pixels", async () => {
    const res = await admin.post("/api/admin/analyze-sentiment", {
      imageUrl: `http://lamp.example:${imagePort}/lamp.jpg`,
    });
    expect(res.status).toBe(200);
    expect(res.body.method).toBe("image-stats-v1");
    const vibes = res.body.vibes.map((v: { vibe: string }) => v.vibe);
    expect(vibes.some((v: string) => v === "Cozy" || v === "Romantic")).toBe(true);
  });

  it.each([
    [{ text: "" }, 400, "Please enter text to analyze"],
    [{ text: "   " }, 400, "Please enter text to analyze"],
    [{}, 400, "Please enter text to analyze"],
    [{ imageUrl: "" }, 400, "Please enter an image URL to analyze"],
    [{ imageUrl: "  " }, 400, "Please enter an image URL to analyze"],
    [{ text: 5 }, 400, "text must be text"],
    [{ text: "x", extra: 1 }, 400, 'Unrecognized key: "extra"'],
    [{ imageUrl: "file:///etc/passwd" }, 400, "Only http and https image URLs are allowed"],
    [{ imageUrl: "http://10.1.2.3/x.png" }, 403, "That address is not allowed"],
    [{ imageUrl: "http://169.254.169.254/latest/meta-data" }, 403, "That address is not allowed"],
  ])("refuses %j", async (body, status, message) => {
    const res = await admin.post("/api/admin/analyze-sentiment", body);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });
});

describe("admin with a model back end", () => {
  it("refines the analysis through the configured OpenAI-compatible endpoint", async () => {
    const adminEmail = uniqueEmail("admin");
    const server = await startServer(
      "pglite",
      {},
      { ADMIN_EMAILS: adminEmail, LLM_BASE_URL: modelUrl, LLM_MODEL: "test-model", LLM_API_KEY: "k-123" },
    );
    try {
      const admin = new Agent(server.url);
      await signUpAdmin(server, admin, { email: adminEmail });
      const res = await admin.post("/api/admin/analyze-sentiment", { text: "a candlelit little place" });
      expect(res.status).toBe(200);
      expect(res.body.method).toBe("llm:test-model+vibe-model-v3");
      expect(res.body.vibes.map((v: { vibe: string }) => v.vibe)).toContain("Romantic");
      expect(res.body.vibes.map((v: { vibe: string }) => v.vibe)).not.toContain("Nonsense");
      expect(modelCalls.at(-1)).toMatchObject({ auth: "Bearer k-123", body: { model: "test-model" } });
      // the default image guard: loopback, private and link-local addresses are refused
      for (const imageUrl of [
        "http://127.0.0.1/x.png",
        "http://[::1]/x.png",
        "http://localhost/x.png",
        `http://127.0.0.1:${imagePort}/lamp.jpg`,
      ]) {
        const refused = await admin.post("/api/admin/analyze-sentiment", { imageUrl });
        expect(refused.status, imageUrl).toBeGreaterThanOrEqual(400);
        expect(refused.status, imageUrl).toBeLessThan(500);
      }
      const services = (await admin.get("/api/admin/services")).body.services;
      expect(services.find((s: { name: string }) => s.name === "Text analysis (model)").available).toBe(true);
    } finally {
      await server.close();
    }
  });
});
