import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_VIBES } from "@shared/vocabulary";
import { asHttpError } from "../http/errors";
import { ImageFetchError } from "../net/errors";
import { IMAGE_FETCH_TEXT } from "../net/safe-fetch";
import {
  analyzeImageBuffer,
  analyzeImageUrl,
  IMAGE_LIMITS,
  IMAGE_METHOD,
  IMAGE_RULES,
  IMAGE_TEXT,
  imageStatsFromBuffer,
  statsFromPixels,
  vibesFromImageStats,
  type ImageStats,
} from "./image";

type Rgb = [number, number, number];

/** A PNG drawn pixel by pixel, so every statistic is known exactly. */
function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw.set([r, g, b], (y * width + x) * 3);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
const solid = (rgb: Rgb, w = 64, h = 48) => png(w, h, () => rgb);

/** A dark room with one small warm light (a candle with its glow). */
const candle = () =>
  png(120, 120, (x, y) => {
    const d = Math.hypot(x - 60, y - 70);
    if (d < 12) return [255, 170, 70];
    if (d < 24) {
      const t = (24 - d) / 12;
      return [18 + t * 180, 10 + t * 90, 6 + t * 20];
    }
    return [18, 10, 6];
  });
/** A dark club with magenta and blue neon strips. */
const neon = () => png(120, 120, (x, y) => (x % 30 < 6 ? [255, 0, 200] : y % 40 < 6 ? [40, 60, 255] : [10, 5, 20]));
const brightSaturated = () => png(120, 120, (x) => (x < 60 ? [255, 220, 0] : [230, 30, 30]));
const brightGrey = () => png(120, 120, (x) => [235 - (x >> 4), 235 - (x >> 4), 238 - (x >> 4)]);
const green = () => png(120, 120, (x, y) => [50 + ((x + y) % 20), 130 + (x % 25), 60]);
function noise(): Promise<Buffer> {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return png(128, 128, () => (rnd() < 0.5 ? [0, 0, 0] : [255, 255, 255]));
}

const names = (stats: ImageStats) => vibesFromImageStats(stats).vibes.map((r) => r.vibe);
const conf = (stats: ImageStats, vibe: string) =>
  vibesFromImageStats(stats).vibes.find((r) => r.vibe === vibe)?.confidence ?? 0;

describe("imageStatsFromBuffer: statistics of real pixels", () => {
  it("measures solid colours exactly", async () => {
    const red = await imageStatsFromBuffer(await solid([255, 0, 0]));
    expect(red.brightness).toBeCloseTo(0.2126, 3);
    expect(red.saturation).toBe(1);
    expect(red.warmth).toBe(1);
    expect(red.contrast).toBe(0);
    expect(red.dominant).toEqual([{ hex: "#ff0000", name: "red", share: 1 }]);

    const blue = await imageStatsFromBuffer(await solid([0, 0, 255]));
    expect(blue.warmth).toBe(-1);
    expect(blue.dominant[0].name).toBe("blue");

    const white = await imageStatsFromBuffer(await solid([255, 255, 255]));
    expect(white.brightness).toBe(1);
    expect(white.saturation).toBe(0);
    expect(white.colorfulness).toBe(0);
    expect(white.dominant[0]).toEqual({ hex: "#ffffff", name: "white", share: 1 });

    const black = await imageStatsFromBuffer(await solid([0, 0, 0]));
    expect(black.brightness).toBe(0);
    expect(black.dominant[0].name).toBe("black");
  });

  it("measures a black-to-white gradient: mid brightness, uniform contrast", async () => {
    const s = await imageStatsFromBuffer(await png(120, 60, (x) => Array(3).fill(Math.round((x / 119) * 255)) as Rgb));
    expect(s.brightness).toBeCloseTo(0.5, 2);
    expect(s.contrast).toBeCloseTo(1 / Math.sqrt(12), 1); // sd of a uniform 0..1
    expect(s.saturation).toBe(0);
    expect(s.dominant.length).toBeGreaterThanOrEqual(3);
  });

  it("reads a candle in a dark room as dark with a warm light", async () => {
    const s = await imageStatsFromBuffer(await candle());
    expect(s.brightness).toBeLessThan(0.15);
    expect(s.lightWarmth).toBeGreaterThan(0.25);
    expect(s.warmth).toBeGreaterThan(0);
    expect(s.dominant[0].name).toBe("black");
    expect(s.dominant.some((d) => d.name.includes("orange"))).toBe(true);
    expect(s.neonShare).toBe(0);
  });

  it("reads neon on black as dark, cool and neon", async () => {
    const s = await imageStatsFromBuffer(await neon());
    expect(s.brightness).toBeLessThan(0.2);
    expect(s.neonShare).toBeGreaterThan(0.25);
    expect(s.lightWarmth).toBeLessThan(0);
    expect(s.dominant.map((d) => d.name)).toEqual(expect.arrayContaining(["magenta", "blue"]));
    expect(s.colorfulness).toBeGreaterThan(82);
  });

  it("reads bright yellow and red as bright, warm and saturated", async () => {
    const s = await imageStatsFromBuffer(await brightSaturated());
    expect(s.brightness).toBeGreaterThan(0.5);
    expect(s.saturation).toBeGreaterThan(0.9);
    expect(s.warmth).toBeGreaterThan(0.8);
    expect(s.warmShare).toBe(1);
    expect(s.dominant.map((d) => d.name).sort()).toEqual(["red", "yellow"]);
  });

  it("reads near-white as bright, unsaturated and neutral", async () => {
    const s = await imageStatsFromBuffer(await brightGrey());
    expect(s.brightness).toBeGreaterThan(0.85);
    expect(s.saturation).toBeLessThan(0.05);
    expect(Math.abs(s.warmth)).toBeLessThan(0.05);
    expect(s.dominant[0].name).toBe("white");
  });

  it("reads a green image as green", async () => {
    const s = await imageStatsFromBuffer(await green());
    expect(s.greenShare).toBe(1);
    expect(s.dominant[0].name).toBe("green");
  });

  it("reads black-and-white noise as high contrast", async () => {
    const s = await imageStatsFromBuffer(await noise());
    expect(s.contrast).toBeGreaterThan(0.45);
    expect(s.brightness).toBeGreaterThan(0.4);
    expect(s.brightness).toBeLessThan(0.6);
  });

  it("measures a downscaled copy, not the input", async () => {
    const s = await imageStatsFromBuffer(await solid([200, 40, 40], 1000, 700));
    expect(Math.max(s.width, s.height)).toBe(IMAGE_LIMITS.size);
    expect(s.width).toBe(128);
    expect(s.height).toBe(90);
    expect(s.dominant[0].hex).toBe("#c82828");
  });

  it("flattens transparency onto white and reads JPEG, WebP and greyscale", async () => {
    const clear = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    expect((await imageStatsFromBuffer(clear)).brightness).toBe(1);
    const jpeg = await sharp(await solid([255, 0, 0]))
      .jpeg({ quality: 95 })
      .toBuffer();
    expect((await imageStatsFromBuffer(jpeg)).dominant[0].name).toBe("red");
    const webp = await sharp(await solid([0, 0, 255]))
      .webp({ lossless: true })
      .toBuffer();
    expect((await imageStatsFromBuffer(webp)).warmth).toBe(-1);
    const grey = await sharp(await solid([128, 128, 128]))
      .greyscale()
      .png()
      .toBuffer();
    expect((await imageStatsFromBuffer(grey)).brightness).toBeCloseTo(128 / 255, 2);
  });

  it("refuses bytes that are not an image with a 422", async () => {
    const bad = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    await expect(imageStatsFromBuffer(bad)).rejects.toMatchObject({
      name: "ImageUnreadableError",
      message: IMAGE_TEXT.unreadable,
    });
  });

  it("statsFromPixels reads one-channel data", () => {
    const s = statsFromPixels(Uint8Array.from([0, 255, 0, 255]), 2, 2, 1);
    expect(s.brightness).toBeCloseTo(0.5, 3);
    expect(s.contrast).toBeCloseTo(0.5, 3);
  });
});

describe("vibesFromImageStats: the mapping", () => {
  it("reads dim warm light as cozy and romantic", async () => {
    const s = await imageStatsFromBuffer(await candle());
    const a = vibesFromImageStats(s);
    expect(a.method).toBe(IMAGE_METHOD);
    expect(a.vibes.slice(0, 2).map((r) => r.vibe)).toEqual(["Cozy", "Romantic"]);
    expect(conf(s, "Cozy")).toBeGreaterThan(0.7);
    expect(names(s)).not.toContain("Energetic");
    expect(a.evidence?.Cozy?.[0]).toMatch(/^dim, warm light \(brightness 0\.\d\d, warmth \+0\.\d\d\)$/);
  });

  it("reads dark neon as a nightclub: energetic, loud, upbeat", async () => {
    const s = await imageStatsFromBuffer(await neon());
    const top = names(s).slice(0, 3);
    expect(top).toEqual(expect.arrayContaining(["Energetic", "Loud", "Upbeat"]));
    expect(names(s)).not.toContain("Cozy");
    expect(names(s)).not.toContain("Quiet");
  });

  it("reads bright saturated colour as upbeat and energetic", async () => {
    const s = await imageStatsFromBuffer(await brightSaturated());
    expect(names(s).slice(0, 2).sort()).toEqual(["Energetic", "Upbeat"]);
    expect(names(s)).toContain("Social");
  });

  it("reads bright neutral light as quiet, focused and chill", async () => {
    const s = await imageStatsFromBuffer(await brightGrey());
    expect(names(s).sort()).toEqual(["Chill", "Focused", "Quiet"]);
  });

  it("reads green as relaxed and chill", async () => {
    const s = await imageStatsFromBuffer(await green());
    expect(names(s).slice(0, 2)).toEqual(["Relaxed", "Chill"]);
  });

  it("reads high contrast as a little energetic, dark and contrasty as a little adventurous", async () => {
    const s = await imageStatsFromBuffer(await noise());
    expect(conf(s, "Energetic")).toBeGreaterThan(0.2);
    expect(conf(s, "Energetic")).toBeLessThan(0.5);
    const dark = await imageStatsFromBuffer(
      await png(100, 100, (x, y) => ((x >> 3) % 4 === 0 && (y >> 3) % 2 === 0 ? [240, 240, 240] : [5, 5, 5])),
    );
    expect(dark.brightness).toBeLessThan(0.4);
    expect(conf(dark, "Adventurous")).toBeGreaterThan(0.2);
  });

  it("gives more confidence the further past the thresholds", () => {
    const base: ImageStats = {
      width: 10,
      height: 10,
      brightness: 0.3,
      contrast: 0.1,
      warmth: 0.1,
      lightWarmth: 0.1,
      saturation: 0.3,
      colorfulness: 20,
      warmShare: 0.3,
      neonShare: 0,
      greenShare: 0,
      dominant: [],
    };
    const justDim = conf(base, "Cozy");
    const veryDim = conf({ ...base, brightness: 0.1, lightWarmth: 0.35 }, "Cozy");
    expect(justDim).toBeGreaterThan(0);
    expect(veryDim).toBeGreaterThan(justDim);
    expect(veryDim).toBeLessThanOrEqual(0.85);
    expect(vibesFromImageStats({ ...base, brightness: 0.5, lightWarmth: 0, warmth: 0, contrast: 0.25 }).vibes).toEqual(
      [],
    );
  });

  it("keeps every rule's vibes to known names and 0..1", () => {
    for (const rule of IMAGE_RULES) {
      for (const [vibe, w] of Object.entries(rule.vibes)) {
        expect(ALL_VIBES, rule.id).toContain(vibe);
        expect(w).toBeGreaterThan(0);
        expect(w).toBeLessThanOrEqual(1);
      }
    }
  });

  it("never leaves two contradictory vibes both strong", async () => {
    for (const img of [candle, neon, brightSaturated, brightGrey, green, noise]) {
      const a = vibesFromImageStats(await imageStatsFromBuffer(await img()));
      const loud = a.vibes.find((r) => r.vibe === "Loud")?.confidence ?? 0;
      const quiet = a.vibes.find((r) => r.vibe === "Quiet")?.confidence ?? 0;
      expect(Math.min(loud, quiet)).toBeLessThan(0.3);
    }
  });
});

describe("analyzeImageUrl: fetched through the image guard", () => {
  let server: http.Server;
  let port = 0;
  let candlePng: Buffer;
  beforeAll(async () => {
    candlePng = await candle();
    server = http.createServer((req, res) => {
      if (req.url === "/candle.png") {
        res.writeHead(200, { "content-type": "image/png", "content-length": candlePng.length });
        return res.end(candlePng);
      }
      if (req.url === "/page.html") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html></html>");
      }
      if (req.url === "/broken.png") {
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]),
        );
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // The test server stands in for a public host: only its exact address and port are let through.
  const overrides = () => ({
    lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    allowAddress: (ip: string) => ip === "127.0.0.1",
    allowPorts: [port],
  });

  it("fetches and analyses an image from any allowed host", async () => {
    const a = await analyzeImageUrl(`http://photos.example.test:${port}/candle.png`, overrides());
    expect(a.method).toBe(IMAGE_METHOD);
    expect(a.vibes[0].vibe).toBe("Cozy");
    expect(a).toEqual(await analyzeImageBuffer(candlePng));
  });

  it("refuses a loopback URL without the test overrides (403)", async () => {
    const err = await analyzeImageUrl(`http://127.0.0.1:${port}/candle.png`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageFetchError);
    expect(asHttpError(err)?.statusCode).toBe(403);
    expect((err as ImageFetchError).message).toBe(IMAGE_FETCH_TEXT.address);
  });

  it("passes on the guard's refusals: scheme, type, missing image", async () => {
    await expect(analyzeImageUrl("file:///etc/passwd", overrides())).rejects.toMatchObject({
      reason: "bad-url",
      message: IMAGE_FETCH_TEXT.scheme,
    });
    await expect(analyzeImageUrl(`http://127.0.0.1:${port}/page.html`, overrides())).rejects.toMatchObject({
      reason: "not-an-image",
    });
    await expect(analyzeImageUrl(`http://127.0.0.1:${port}/nope.png`, overrides())).rejects.toMatchObject({
      reason: "not-found",
    });
    await expect(analyzeImageUrl(`http://127.0.0.1:${port}/broken.png`, overrides())).rejects.toMatchObject({
      name: "ImageUnreadableError",
      message: IMAGE_TEXT.unreadable,
    });
  });

  it("honours an allow-list and a size cap when given", async () => {
    await expect(
      analyzeImageUrl(`http://photos.example.test:${port}/candle.png`, {
        ...overrides(),
        allowHosts: ["cdn.example.test"],
      }),
    ).rejects.toMatchObject({
      reason: "not-allowed",
    });
    await expect(
      analyzeImageUrl(`http://photos.example.test:${port}/candle.png`, { ...overrides(), maxBytes: 100 }),
    ).rejects.toMatchObject({ reason: "too-large" });
  });
});
