import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_VIBES } from "@shared/vocabulary";
import { createVibeAnalyzer, SERVICE_NAMES } from "./analyzer";
import { IMAGE_METHOD } from "./image";
import {
  createLlmAnalyzer,
  llmConfigFromEnv,
  MODEL_WEIGHT,
  parseModelAnswer,
  refine,
  SYSTEM_PROMPT,
  type LlmAnalyzerOptions,
} from "./llm";
import { analyzeText as modelAnalyzeText, MODEL_METHOD } from "./model";
import { analyzeText, TEXT_METHOD } from "./text";
import type { VibeAnalysis } from "./types";

const API_KEY = "test-key-123";

/** What the fake model answers, by the model name the request asks for. */
const ANSWERS: Record<string, { status?: number; raw?: string; content?: string }> = {
  "fake-good": {
    content: JSON.stringify({
      vibes: [
        { vibe: "Romantic", confidence: 0.9 },
        { vibe: "Cozy", confidence: 0.5 },
        { vibe: "Quiet", confidence: 0.4 },
      ],
    }),
  },
  "fake-unknown": {
    content: JSON.stringify({
      vibes: [
        { vibe: "Spooky", confidence: 0.9 },
        { vibe: "live music", confidence: 0.8 },
        { vibe: "Loud", confidence: 1.7 },
        { vibe: "Chill", confidence: "high" },
        { vibe: "Cozy", confidence: 0.3 },
        { vibe: "cozy", confidence: 0.5 },
        "Whiskey",
      ],
    }),
  },
  "fake-fenced": { content: '```json\n{"vibes":[{"vibe":"Energetic","confidence":0.7}]}\n```' },
  "fake-empty": { content: '{"vibes":[]}' },
  "fake-500": { status: 500, raw: JSON.stringify({ error: { message: "overloaded" } }) },
  "fake-401": { status: 401, raw: "{}" },
  "fake-badjson": { content: "I think it is cozy!" },
  "fake-notjson": { raw: "<html>gateway</html>" },
  "fake-schema": { content: JSON.stringify({ moods: ["cozy"] }) },
  "fake-nochoices": { raw: JSON.stringify({ choices: [] }) },
};

interface Seen {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> & { messages: { role: string; content: unknown }[] };
}
const seen: Seen[] = [];
let server: http.Server;
let base = "";
let photo: Buffer;

beforeAll(async () => {
  // a dim room in warm light: the built-in analyzer reads it as Cozy
  photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 60, g: 30, b: 10 } } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/photo.png") {
      res.writeHead(200, { "content-type": "image/png", "content-length": photo.length });
      return res.end(photo);
    }
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const reply = (status: number, body: string) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(body);
      };
      let body: Seen["body"];
      try {
        body = JSON.parse(raw);
      } catch {
        return reply(400, '{"error":"bad json"}');
      }
      seen.push({ path: req.url ?? "", method: req.method ?? "", headers: req.headers, body });
      const model = String(body.model);
      // The real API's checks: the key, the path and the request shape.
      if (req.url !== "/v1/chat/completions" || req.method !== "POST") return reply(404, "{}");
      if (model !== "fake-noauth" && req.headers.authorization !== `Bearer ${API_KEY}`)
        return reply(401, '{"error":"no key"}');
      const messages = body.messages;
      if (!Array.isArray(messages) || messages[0]?.role !== "system" || messages[1]?.role !== "user")
        return reply(400, '{"error":"shape"}');
      if ((body.response_format as { type?: string })?.type !== "json_object") return reply(400, '{"error":"format"}');
      if (model === "fake-hang") return; // never answers
      if (model === "fake-vision" && Array.isArray(messages[1].content)) {
        const parts = messages[1].content as { type: string; image_url?: { url: string } }[];
        const image = parts.find((p) => p.type === "image_url");
        if (!image?.image_url?.url) return reply(400, '{"error":"no image"}');
        return reply(
          200,
          chat(
            JSON.stringify({
              vibes: [
                { vibe: "Cozy", confidence: 1 },
                { vibe: "Whiskey", confidence: 0.5 },
              ],
            }),
          ),
        );
      }
      const a = ANSWERS[model] ?? ANSWERS["fake-good"];
      if (a.status) return reply(a.status, a.raw ?? "{}");
      reply(200, a.raw ?? chat(a.content ?? ""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const chat = (content: string) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    model: "x",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
  });

function analyzer(model: string, extra: Partial<LlmAnalyzerOptions> = {}) {
  const errors: { err: Error; kind: string }[] = [];
  const llm = createLlmAnalyzer({
    baseUrl: `${base}/v1/`,
    apiKey: API_KEY,
    model,
    onError: (err, kind) => errors.push({ err, kind }),
    ...extra,
  });
  return { llm, errors };
}

const TEXT = "Cozy candlelit spot, perfect for date night, not loud at all.";
const conf = (a: VibeAnalysis, vibe: string) => a.vibes.find((r) => r.vibe === vibe)?.confidence ?? 0;

describe("createLlmAnalyzer: the refine path", () => {
  it("sends an OpenAI-compatible request with the key, the vibes and the built-in hint", async () => {
    const { llm, errors } = analyzer("fake-good");
    const before = seen.length;
    await llm.analyzeText(TEXT, analyzeText(TEXT));
    expect(errors).toEqual([]);
    const req = seen[before];
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.body.model).toBe("fake-good");
    expect(req.body.temperature).toBe(0);
    expect(req.body.response_format).toEqual({ type: "json_object" });
    expect(req.body.messages[0]).toEqual({ role: "system", content: SYSTEM_PROMPT });
    for (const v of ALL_VIBES) expect(SYSTEM_PROMPT).toContain(v);
    const user = String(req.body.messages[1].content);
    expect(user).toContain(TEXT);
    expect(user).toContain('"vibe":"Romantic"');
    expect(user).toContain('"negated":["Loud"]');
  });

  it("blends 60% model with 40% built-in and names both methods", async () => {
    const builtIn = analyzeText(TEXT);
    const { llm } = analyzer("fake-good");
    const a = await llm.analyzeText(TEXT, builtIn);
    expect(a.method).toBe(`llm:fake-good+${TEXT_METHOD}`);
    const blend = (model: number, own: number) =>
      Math.round((MODEL_WEIGHT * model + (1 - MODEL_WEIGHT) * own) * 100) / 100;
    expect(conf(a, "Romantic")).toBe(blend(0.9, conf(builtIn, "Romantic")));
    expect(conf(a, "Cozy")).toBe(blend(0.5, conf(builtIn, "Cozy")));
    expect(conf(a, "Quiet")).toBe(blend(0.4, conf(builtIn, "Quiet")));
    // a vibe only the built-in analyzer saw keeps 40% of its confidence
    const onlyOwn = builtIn.vibes.find((r) => !["Romantic", "Cozy", "Quiet"].includes(r.vibe));
    if (onlyOwn) expect(conf(a, onlyOwn.vibe)).toBe(blend(0, onlyOwn.confidence));
    expect(a.negated).toEqual(["Loud"]);
    expect(a.evidence?.Romantic).toEqual(builtIn.evidence?.Romantic);
    expect(a.vibes).toEqual([...a.vibes].sort((x, y) => y.confidence - x.confidence || x.vibe.localeCompare(y.vibe)));
  });

  it("drops unknown vibes and bad confidences, matches names case-insensitively", async () => {
    const { llm, errors } = analyzer("fake-unknown");
    const a = await llm.analyzeText("A bar.", { method: TEXT_METHOD, vibes: [] });
    expect(errors).toEqual([]);
    expect(a.method).toBe(`llm:fake-unknown+${TEXT_METHOD}`);
    for (const r of a.vibes) expect(ALL_VIBES).toContain(r.vibe);
    expect(a.vibes).toEqual([
      { vibe: "Live Music", confidence: 0.48 },
      { vibe: "Cozy", confidence: 0.3 },
    ]);
  });

  it("tolerates a ```json fence and an empty list", async () => {
    const fenced = await analyzer("fake-fenced").llm.analyzeText("x", { method: TEXT_METHOD, vibes: [] });
    expect(fenced.vibes).toEqual([{ vibe: "Energetic", confidence: 0.42 }]);
    const builtIn = analyzeText("cozy");
    const empty = await analyzer("fake-empty").llm.analyzeText("cozy", builtIn);
    expect(empty.method).toBe(`llm:fake-empty+${TEXT_METHOD}`);
    expect(conf(empty, "Cozy")).toBe(Math.round(0.4 * conf(builtIn, "Cozy") * 100) / 100);
  });

  it("sends no Authorization header without a key", async () => {
    const { llm, errors } = analyzer("fake-noauth", { apiKey: null });
    const before = seen.length;
    const a = await llm.analyzeText("cozy", analyzeText("cozy"));
    expect(errors).toEqual([]);
    expect(a.method).toBe(`llm:fake-noauth+${TEXT_METHOD}`);
    expect(seen[before].headers.authorization).toBeUndefined();
  });

  it("skips the model for blank text", async () => {
    const { llm } = analyzer("fake-good");
    const before = seen.length;
    const builtIn = analyzeText("   ");
    expect(await llm.analyzeText("   ", builtIn)).toBe(builtIn);
    expect(seen.length).toBe(before);
  });

  it("describes itself by model and host", () => {
    expect(analyzer("fake-good").llm.describe()).toBe(`fake-good at ${new URL(base).host}`);
  });
});

describe("createLlmAnalyzer: every failure falls back to the built-in result", () => {
  const builtIn = analyzeText(TEXT);
  it.each([
    ["fake-500", /HTTP 500/],
    ["fake-401", /HTTP 401/],
    ["fake-badjson", /did not answer JSON/],
    ["fake-notjson", /not JSON/],
    ["fake-schema", /no "vibes" list/],
    ["fake-nochoices", /not a chat completion/],
  ])("%s", async (model, message) => {
    const { llm, errors } = analyzer(model);
    const a = await llm.analyzeText(TEXT, builtIn);
    expect(a).toBe(builtIn);
    expect(a.method).toBe(TEXT_METHOD);
    expect(errors).toHaveLength(1);
    expect(errors[0].kind).toBe("text");
    expect(errors[0].err.message).toMatch(message);
    expect(errors[0].err.message).not.toContain(API_KEY);
  });

  it("a wrong key is a 401 and falls back", async () => {
    const { llm, errors } = analyzer("fake-good", { apiKey: "wrong" });
    expect(await llm.analyzeText(TEXT, builtIn)).toBe(builtIn);
    expect(errors[0].err.message).toMatch(/HTTP 401/);
  });

  it("times out on a server that never answers", async () => {
    const { llm, errors } = analyzer("fake-hang", { timeoutMs: 200 });
    const t0 = Date.now();
    const a = await llm.analyzeText(TEXT, builtIn);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(a).toBe(builtIn);
    expect(errors[0].err.message).toMatch(/no answer within 200 ms/);
  });

  it("falls back when the host cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const errors: Error[] = [];
    const llm = createLlmAnalyzer({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: "m",
      onError: (e) => errors.push(e),
    });
    expect(await llm.analyzeText(TEXT, builtIn)).toBe(builtIn);
    expect(errors[0].message).toMatch(/could not reach/);
  });

  it("never throws, even when the error reporter throws or fetch itself throws", async () => {
    const llm = createLlmAnalyzer({
      baseUrl: "http://model.invalid/v1",
      model: "m",
      fetch: () => {
        throw new TypeError("boom");
      },
      onError: () => {
        throw new Error("reporter down");
      },
    });
    expect(await llm.analyzeText(TEXT, builtIn)).toBe(builtIn);
  });
});

describe("createLlmAnalyzer: images", () => {
  it("sends a vision message with an image_url part and refines the image-stats result", async () => {
    const { llm, errors } = analyzer("fake-vision");
    const builtIn: VibeAnalysis = {
      method: IMAGE_METHOD,
      vibes: [{ vibe: "Cozy", confidence: 0.8 }],
      evidence: { Cozy: ["dim, warm light"] },
    };
    const before = seen.length;
    const url = "data:image/jpeg;base64,/9j/AAAA";
    const a = await llm.analyzeImage(url, builtIn);
    expect(errors).toEqual([]);
    const parts = seen[before].body.messages[1].content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === "image_url")?.image_url?.url).toBe(url);
    expect(parts.find((p) => p.type === "text")).toBeDefined();
    expect(a.method).toBe(`llm:fake-vision+${IMAGE_METHOD}`);
    expect(a.vibes).toEqual([
      { vibe: "Cozy", confidence: 0.92 },
      { vibe: "Whiskey", confidence: 0.3 },
    ]);
    expect(a.evidence).toEqual({ Cozy: ["dim, warm light"] });
  });

  it("falls back for images too", async () => {
    const { llm, errors } = analyzer("fake-500");
    const builtIn: VibeAnalysis = { method: IMAGE_METHOD, vibes: [] };
    expect(await llm.analyzeImage("data:image/png;base64,AAAA", builtIn)).toBe(builtIn);
    expect(errors[0].kind).toBe("image");
  });
});

describe("parseModelAnswer and refine", () => {
  it("keeps the largest confidence of duplicates", () => {
    const m = parseModelAnswer({
      choices: [
        { message: { content: '{"vibes":[{"vibe":"Quiet","confidence":0.2},{"vibe":"QUIET","confidence":0.7}]}' } },
      ],
    });
    expect([...m]).toEqual([["Quiet", 0.7]]);
  });

  it("drops denied vibes from negated once the blend shows them", () => {
    const out = refine({ method: TEXT_METHOD, vibes: [], negated: ["Loud", "Cozy"] }, new Map([["Loud", 0.9]]), "m");
    expect(out.vibes).toEqual([{ vibe: "Loud", confidence: 0.54 }]);
    expect(out.negated).toEqual(["Cozy"]);
  });
});

describe("llmConfigFromEnv", () => {
  it("is null unless both LLM_BASE_URL and LLM_MODEL are set", () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "https://api.example.com/v1" })).toBeNull();
    expect(llmConfigFromEnv({ LLM_MODEL: "gpt-4o-mini" })).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "  ", LLM_MODEL: "m" })).toBeNull();
  });

  it("reads the endpoint, key, model and timeout", () => {
    expect(
      llmConfigFromEnv({
        LLM_BASE_URL: "https://api.example.com/v1/",
        LLM_MODEL: " gpt-4o-mini ",
        LLM_API_KEY: "sk-1",
        LLM_TIMEOUT_MS: "2500",
      }),
    ).toEqual({
      baseUrl: "https://api.example.com/v1",
      apiKey: "sk-1",
      model: "gpt-4o-mini",
      timeoutMs: 2500,
    });
    expect(
      llmConfigFromEnv({ LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_MODEL: "llava", LLM_TIMEOUT_MS: "soon" }),
    ).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: null,
      model: "llava",
      timeoutMs: 10_000,
    });
  });

  it("refuses URLs that are not http or https, or that carry credentials", () => {
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: "ftp://x/v1", LLM_MODEL: "m" })).toThrow(/http or https/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: "not a url", LLM_MODEL: "m" })).toThrow(/http or https/);
    expect(() => llmConfigFromEnv({ LLM_BASE_URL: "https://u:p@x/v1", LLM_MODEL: "m" })).toThrow(/LLM_API_KEY/);
  });
});

describe("createVibeAnalyzer", () => {
  const imageFetch = () => ({
    lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    allowAddress: (ip: string) => ip === "127.0.0.1",
    allowPorts: [Number(new URL(base).port)],
  });

  it("without a model: built-in analyzers only, and says so", async () => {
    const v = createVibeAnalyzer();
    expect(await v.text(TEXT)).toEqual(modelAnalyzeText(TEXT));
    const services = v.services();
    expect(services.map((s) => s.name)).toEqual([
      SERVICE_NAMES.text,
      SERVICE_NAMES.textModel,
      SERVICE_NAMES.image,
      SERVICE_NAMES.imageModel,
    ]);
    expect(services.map((s) => s.available)).toEqual([true, false, true, false]);
    expect(services[1].detail).toMatch(/LLM_BASE_URL/);
    expect(SERVICE_NAMES.text).toBe("Text analysis (vibe-model-v3)");
    expect(SERVICE_NAMES.image).toBe("Image analysis (image-stats-v1)");
  });

  it("without a model, analyses an image fetched through the guard", async () => {
    const a = await createVibeAnalyzer({ imageFetch: imageFetch() }).image(
      `http://photos.test:${new URL(base).port}/photo.png`,
    );
    expect(a.method).toBe(IMAGE_METHOD);
    expect(a.vibes[0].vibe).toBe("Cozy");
    await expect(createVibeAnalyzer().image(`${base}/photo.png`)).rejects.toMatchObject({ reason: "not-allowed" });
  });

  it("with a model: refines text and images, sending the guarded copy as a data: URL", async () => {
    const errors: Error[] = [];
    const v = createVibeAnalyzer({
      llm: { baseUrl: `${base}/v1`, apiKey: API_KEY, model: "fake-vision" },
      imageFetch: imageFetch(),
      onError: (e) => errors.push(e),
    });
    const services = v.services();
    expect(services.map((s) => s.available)).toEqual([true, true, true, true]);
    expect(services[1].detail).toContain(`fake-vision at ${new URL(base).host}`);

    expect((await v.text("cozy")).method).toBe(`llm:fake-vision+${MODEL_METHOD}`);
    const before = seen.length;
    const a = await v.image(`http://photos.test:${new URL(base).port}/photo.png`);
    expect(errors).toEqual([]);
    expect(a.method).toBe(`llm:fake-vision+${IMAGE_METHOD}`);
    const parts = seen[before].body.messages[1].content as { type: string; image_url?: { url: string } }[];
    expect(parts.find((p) => p.type === "image_url")?.image_url?.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it("with a model that fails, still answers with the built-in method", async () => {
    const errors: Error[] = [];
    const v = createVibeAnalyzer({
      llm: { baseUrl: `${base}/v1`, apiKey: API_KEY, model: "fake-500" },
      imageFetch: imageFetch(),
      onError: (e) => errors.push(e),
    });
    expect((await v.text(TEXT)).method).toBe(MODEL_METHOD);
    expect((await v.image(`http://photos.test:${new URL(base).port}/photo.png`)).method).toBe(IMAGE_METHOD);
    expect(errors).toHaveLength(2);
  });
});
