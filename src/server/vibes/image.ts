import sharp from "sharp";
import { ImageUnreadableError } from "./errors";
import { safeFetchImage, type SafeFetchOptions } from "../net/safe-fetch";
import { suppressContradictions } from "./text";
import type { VibeAnalysis, VibeReading } from "./types";

/**
 * Image vibe analyzer: a photo in, vibes out, from real pixel statistics. Method: IMAGE_METHOD
 * ("image-stats-v1"). Deterministic. Mapping table and figures: docs/vibe-analysis.md.
 *
 * ## Statistics (imageStatsFromBuffer)
 * sharp decodes the image (first frame only, at most IMAGE_LIMITS.maxInputPixels pixels, so a
 * small file cannot decode into gigabytes), flattens any transparency onto white, converts to
 * 8-bit sRGB and shrinks it to fit IMAGE_LIMITS.size px (never enlarging). The pixels of that
 * copy are read with `.raw().toBuffer()` and measured here in JS. (sharp's own `stats()` would
 * describe the INPUT image, not the transformed copy.) On 0..1 sRGB values:
 * - brightness: mean luma Y = 0.2126 R + 0.7152 G + 0.0722 B (Rec. 709 weights), 0..1;
 * - contrast: standard deviation of Y, 0..0.5;
 * - warmth: mean (R - B), -1 (all blue) .. +1 (all red/orange/yellow);
 * - lightWarmth: the same, weighted by each pixel's luma: the colour of the light in the
 *   picture. A candle in a dark room has little mean warmth but a strongly warm light;
 * - saturation: mean HSV saturation (max - min) / max; pixels darker than V 0.1 count as 0,
 *   since near-black pixels carry no reliable hue;
 * - colorfulness: Hasler & Süsstrunk (2003) M = σ_rgyb + 0.3 μ_rgyb on 0..255 values, with
 *   rg = R - G and yb = (R + G) / 2 - B. About 0 grey, 15 slightly, 33 moderately, 45 quite,
 *   59 highly, 82+ extremely colourful;
 * - warmShare, neonShare, greenShare: shares of pixels that are saturated (S >= 0.3, 0.5, 0.2)
 *   and lit (V >= 0.25, 0.45, 0.15) with a hue of red-orange-yellow (340°..70°), of neon
 *   cyan-blue-violet-magenta-pink (170°..340°), or of green (70°..170°);
 * - dominant: the largest of 28 colour bins, at most 5 with a share of 2% or more: 12 hues of
 *   30° (red, orange, yellow, chartreuse, green, spring green, cyan, azure, blue, violet,
 *   magenta, rose), each split into dark (V < 0.5) and light, plus black, dark grey, grey and
 *   white for pixels with S < 0.2 or V < 0.12. Each bin reports the mean colour of its pixels
 *   as hex and its share of the image.
 *
 * ## Vibes (vibesFromImageStats): IMAGE_RULES
 * Each rule has conditions with a threshold and a span: a condition's degree is how far the
 * value is past the threshold as a share of the span (0 at the threshold, 1 at threshold + span).
 * A rule fires when all its conditions are past their thresholds (and its gates hold); its degree
 * d is the mean of the condition degrees, and it gives each of its vibes weight x (0.5 + 0.5 d).
 * Several rules giving one vibe combine as 1 - Π(1 - c). Contradictory vibes (spec 9) are then
 * suppressed as in the text analyzer; confidences are rounded to hundredths and kept from 0.05.
 * `evidence[vibe]` is the human reason of each rule that gave it, strongest first (at most 2),
 * e.g. "dim, warm light (brightness 0.21, warmth +0.18)".
 */

export const IMAGE_METHOD = "image-stats-v1";

export const IMAGE_LIMITS = {
  /** The analysed copy fits in size x size pixels. */
  size: 128,
  /** Images with more pixels than this are refused before decoding (decompression bombs). */
  maxInputPixels: 40_000_000,
  minShareForDominant: 0.02,
  maxDominant: 5,
};

export const IMAGE_TEXT = {
  unreadable: "That image could not be read",
} as const;

export interface DominantColor {
  /** Mean colour of the bin's pixels, "#rrggbb". */
  hex: string;
  /** Bin name, e.g. "dark orange", "magenta", "white". */
  name: string;
  /** Share of the image's pixels, 0..1. */
  share: number;
}

export interface ImageStats {
  /** Size of the analysed (downscaled) copy. */
  width: number;
  height: number;
  brightness: number;
  contrast: number;
  warmth: number;
  lightWarmth: number;
  saturation: number;
  colorfulness: number;
  warmShare: number;
  neonShare: number;
  greenShare: number;
  dominant: DominantColor[];
}

const HUES = [
  "red",
  "orange",
  "yellow",
  "chartreuse",
  "green",
  "spring green",
  "cyan",
  "azure",
  "blue",
  "violet",
  "magenta",
  "rose",
] as const;
const GREYS = ["black", "dark grey", "grey", "white"] as const;

const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;
const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, "0");

/** Hue in degrees (0..360) of 0..1 RGB, or -1 for greys. */
function hueOf(r: number, g: number, b: number, max: number, min: number): number {
  const d = max - min;
  if (d === 0) return -1;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}

/** Statistics of the raw 8-bit pixels of an image (exported for tests and other callers). */
export function statsFromPixels(
  data: Uint8Array | Buffer,
  width: number,
  height: number,
  channels: number,
): ImageStats {
  const n = width * height;
  if (!n) throw new Error("empty image");
  let sumY = 0;
  let sumY2 = 0;
  let sumWarm = 0;
  let sumLightWarm = 0;
  let sumSat = 0;
  let sumRg = 0;
  let sumRg2 = 0;
  let sumYb = 0;
  let sumYb2 = 0;
  let warm = 0;
  let neon = 0;
  let green = 0;
  const bins = new Map<string, { count: number; r: number; g: number; b: number }>();
  for (let i = 0; i < n; i++) {
    const o = i * channels;
    const R = data[o];
    const G = channels >= 3 ? data[o + 1] : R;
    const B = channels >= 3 ? data[o + 2] : R;
    const r = R / 255;
    const g = G / 255;
    const b = B / 255;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    sumY += y;
    sumY2 += y * y;
    sumWarm += r - b;
    sumLightWarm += y * (r - b);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const s = max < 0.1 ? 0 : (max - min) / max;
    sumSat += s;
    const rg = R - G;
    const yb = (R + G) / 2 - B;
    sumRg += rg;
    sumRg2 += rg * rg;
    sumYb += yb;
    sumYb2 += yb * yb;
    const h = hueOf(r, g, b, max, min);
    if (h >= 0) {
      if (s >= 0.3 && max >= 0.25 && (h >= 340 || h < 70)) warm++;
      if (s >= 0.5 && max >= 0.45 && h >= 170 && h < 340) neon++;
      if (s >= 0.2 && max >= 0.15 && h >= 70 && h < 170) green++;
    }
    let bin: string;
    if (s < 0.2 || max < 0.12 || h < 0)
      bin = max < 0.15 ? GREYS[0] : max < 0.45 ? GREYS[1] : max < 0.8 ? GREYS[2] : GREYS[3];
    else {
      const hue = HUES[Math.floor(((h + 15) % 360) / 30)];
      bin = max < 0.5 ? `dark ${hue}` : hue;
    }
    const acc = bins.get(bin) ?? bins.set(bin, { count: 0, r: 0, g: 0, b: 0 }).get(bin)!;
    acc.count++;
    acc.r += R;
    acc.g += G;
    acc.b += B;
  }
  const meanY = sumY / n;
  const varY = Math.max(0, sumY2 / n - meanY * meanY);
  const muRg = sumRg / n;
  const muYb = sumYb / n;
  const sdRg = Math.sqrt(Math.max(0, sumRg2 / n - muRg * muRg));
  const sdYb = Math.sqrt(Math.max(0, sumYb2 / n - muYb * muYb));
  const dominant = [...bins.entries()]
    .map(([name, a]) => ({
      name,
      share: a.count / n,
      hex: `#${hex2(a.r / a.count)}${hex2(a.g / a.count)}${hex2(a.b / a.count)}`,
    }))
    .sort((x, y) => y.share - x.share || x.name.localeCompare(y.name))
    .filter((d, i) => i === 0 || d.share >= IMAGE_LIMITS.minShareForDominant)
    .slice(0, IMAGE_LIMITS.maxDominant)
    .map((d) => ({ hex: d.hex, name: d.name, share: round(d.share) }));
  return {
    width,
    height,
    brightness: round(meanY),
    contrast: round(Math.sqrt(varY)),
    warmth: round(sumWarm / n),
    lightWarmth: round(sumY > 0 ? sumLightWarm / sumY : 0),
    saturation: round(sumSat / n),
    colorfulness: round(Math.sqrt(sdRg ** 2 + sdYb ** 2) + 0.3 * Math.sqrt(muRg ** 2 + muYb ** 2), 1),
    warmShare: round(warm / n),
    neonShare: round(neon / n),
    greenShare: round(green / n),
    dominant,
  };
}

/** Decodes an image with sharp, shrinks it and measures the copy. Throws ImageUnreadableError when unreadable. */
export async function imageStatsFromBuffer(buf: Buffer): Promise<ImageStats> {
  let out: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    out = await sharp(buf, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, animated: false, failOn: "error" })
      .flatten({ background: "#ffffff" })
      .resize({ width: IMAGE_LIMITS.size, height: IMAGE_LIMITS.size, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageUnreadableError(IMAGE_TEXT.unreadable);
  }
  return statsFromPixels(out.data, out.info.width, out.info.height, out.info.channels);
}

// ---------------------------------------------------------------- the mapping

type StatKey =
  | "brightness"
  | "contrast"
  | "warmth"
  | "lightWarmth"
  | "saturation"
  | "colorfulness"
  | "warmShare"
  | "neonShare"
  | "greenShare";

interface Condition {
  stat: StatKey;
  /** "above": stat > threshold; "below": stat < threshold. */
  op: "above" | "below";
  threshold: number;
  /** Distance past the threshold that counts as fully past (degree 1). */
  span: number;
}

export interface ImageRule {
  id: string;
  /** Conditions that grade the rule (all must pass). */
  when: Condition[];
  /** Conditions that must also hold but do not grade it. */
  gates?: Condition[];
  vibes: Readonly<Record<string, number>>;
  reason: (s: ImageStats) => string;
}

const f2 = (n: number) => n.toFixed(2);
const signed = (n: number) => `${n >= 0 ? "+" : ""}${n.toFixed(2)}`;
const c = (stat: StatKey, op: "above" | "below", threshold: number, span: number): Condition => ({
  stat,
  op,
  threshold,
  span,
});

/** The mapping from statistics to vibes (the table in docs/vibe-analysis.md). */
export const IMAGE_RULES: readonly ImageRule[] = [
  {
    id: "candlelight",
    when: [c("brightness", "below", 0.35, 0.25), c("lightWarmth", "above", 0.08, 0.25)],
    gates: [c("neonShare", "below", 0.1, 1)],
    vibes: { Cozy: 0.85, Romantic: 0.75, Relaxed: 0.3 },
    reason: (s) => `dim, warm light (brightness ${f2(s.brightness)}, warmth ${signed(s.lightWarmth)})`,
  },
  {
    id: "neon-night",
    when: [c("brightness", "below", 0.4, 0.3), c("neonShare", "above", 0.05, 0.25)],
    vibes: { Energetic: 0.8, Loud: 0.7, Upbeat: 0.6, Social: 0.3 },
    reason: (s) =>
      `dark with neon colour (brightness ${f2(s.brightness)}, neon ${Math.round(s.neonShare * 100)}% of pixels)`,
  },
  {
    id: "bright-saturated",
    when: [c("brightness", "above", 0.5, 0.3), c("saturation", "above", 0.4, 0.4)],
    vibes: { Upbeat: 0.8, Energetic: 0.75, Social: 0.45 },
    reason: (s) => `bright, saturated colour (brightness ${f2(s.brightness)}, saturation ${f2(s.saturation)})`,
  },
  {
    id: "bright-muted",
    when: [c("brightness", "above", 0.6, 0.3), c("saturation", "below", 0.2, 0.2)],
    gates: [c("warmth", "below", 0.1, 1)],
    vibes: { Quiet: 0.6, Focused: 0.6, Chill: 0.45 },
    reason: (s) => `bright, muted, neutral light (brightness ${f2(s.brightness)}, saturation ${f2(s.saturation)})`,
  },
  {
    id: "soft-warm",
    when: [c("warmth", "above", 0.05, 0.2), c("contrast", "below", 0.2, 0.15)],
    gates: [c("brightness", "above", 0.35, 1), c("brightness", "below", 0.65, 1)],
    vibes: { Relaxed: 0.6, Chill: 0.5, Cozy: 0.3 },
    reason: (s) =>
      `soft, warm mid light (brightness ${f2(s.brightness)}, warmth ${signed(s.warmth)}, contrast ${f2(s.contrast)})`,
  },
  {
    id: "greenery",
    when: [c("greenShare", "above", 0.25, 0.4)],
    vibes: { Relaxed: 0.65, Chill: 0.55, Quiet: 0.25 },
    reason: (s) => `green, like plants or outdoors (${Math.round(s.greenShare * 100)}% green pixels)`,
  },
  {
    id: "dark-contrasty",
    when: [c("brightness", "below", 0.4, 0.3), c("contrast", "above", 0.22, 0.15)],
    vibes: { Adventurous: 0.4, Energetic: 0.2 },
    reason: (s) => `dark and high-contrast (brightness ${f2(s.brightness)}, contrast ${f2(s.contrast)})`,
  },
  {
    id: "busy-contrasty",
    when: [c("contrast", "above", 0.28, 0.15)],
    gates: [c("brightness", "above", 0.4, 1)],
    vibes: { Energetic: 0.35, Creative: 0.2 },
    reason: (s) => `busy, high-contrast scene (contrast ${f2(s.contrast)})`,
  },
  {
    id: "very-colourful",
    when: [c("colorfulness", "above", 60, 40)],
    vibes: { Creative: 0.55, Upbeat: 0.35 },
    reason: (s) => `very colourful (colourfulness ${s.colorfulness.toFixed(0)})`,
  },
  {
    id: "dim-cool",
    when: [c("brightness", "below", 0.3, 0.2), c("lightWarmth", "below", 0, 0.2)],
    gates: [c("neonShare", "below", 0.05, 1)],
    vibes: { Chill: 0.45, Quiet: 0.4 },
    reason: (s) => `dim, cool light (brightness ${f2(s.brightness)}, warmth ${signed(s.lightWarmth)})`,
  },
];

const passes = (s: ImageStats, k: Condition) => (k.op === "above" ? s[k.stat] > k.threshold : s[k.stat] < k.threshold);
const degree = (s: ImageStats, k: Condition) =>
  Math.min(1, Math.max(0, (k.op === "above" ? s[k.stat] - k.threshold : k.threshold - s[k.stat]) / k.span));

/** Vibes of an image from its statistics (IMAGE_RULES). Pure. */
export function vibesFromImageStats(stats: ImageStats): VibeAnalysis {
  const misses = new Map<string, number>(); // vibe -> Π(1 - c)
  const reasons = new Map<string, { text: string; weight: number }[]>();
  for (const rule of IMAGE_RULES) {
    if (!rule.when.every((k) => passes(stats, k)) || !(rule.gates ?? []).every((k) => passes(stats, k))) continue;
    const d = rule.when.reduce((sum, k) => sum + degree(stats, k), 0) / rule.when.length;
    const text = rule.reason(stats);
    for (const [vibe, w] of Object.entries(rule.vibes)) {
      const conf = w * (0.5 + 0.5 * d);
      misses.set(vibe, (misses.get(vibe) ?? 1) * (1 - conf));
      const list = reasons.get(vibe) ?? reasons.set(vibe, []).get(vibe)!;
      list.push({ text, weight: conf });
    }
  }
  const combined = new Map<string, number>([...misses].map(([vibe, m]) => [vibe, 1 - m]));
  const vibes: VibeReading[] = [];
  for (const [vibe, v] of suppressContradictions(combined)) {
    const confidence = Math.round(v * 100) / 100;
    if (confidence >= 0.05) vibes.push({ vibe, confidence });
  }
  vibes.sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe));
  const evidence: Record<string, string[]> = {};
  for (const { vibe } of vibes)
    evidence[vibe] = (reasons.get(vibe) ?? [])
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 2)
      .map((r) => r.text);
  return vibes.length ? { method: IMAGE_METHOD, vibes, evidence } : { method: IMAGE_METHOD, vibes };
}

/** Statistics and vibes of image bytes already in hand. */
export async function analyzeImageBuffer(buf: Buffer): Promise<VibeAnalysis> {
  return vibesFromImageStats(await imageStatsFromBuffer(buf));
}

/**
 * Fetches an image a user named, through the same SSRF guard as the image proxy (any public host
 * unless `allowHosts` says otherwise), and analyses it. Refusals are the guard's ImageFetchErrors;
 * an image that will not decode is an ImageUnreadableError.
 */
export async function analyzeImageUrl(url: string, opts: Partial<SafeFetchOptions> = {}): Promise<VibeAnalysis> {
  const image = await safeFetchImage(url, { ...opts, allowHosts: opts.allowHosts ?? null });
  return analyzeImageBuffer(image.body);
}

/**
 * A JPEG data: URL of the image, at most `size` px on its longest side, for a vision model: the
 * model sees exactly the bytes that passed the guard and never fetches the user's URL itself.
 */
export async function modelImageDataUrl(buf: Buffer, size = 512): Promise<string> {
  const jpeg = await sharp(buf, { limitInputPixels: IMAGE_LIMITS.maxInputPixels, animated: false })
    .flatten({ background: "#ffffff" })
    .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}
