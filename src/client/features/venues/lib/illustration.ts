import type { Venue } from "@shared/contracts/venues";

/**
 * The picture of a venue without a photo (issue 15): an illustration of its kind, varied per
 * venue so that a list is not one picture repeated. Everything is derived from the venue's
 * externalId by a hash, so a venue looks the same on every screen and visit. Pure: no network.
 */
export type IllustrationKind = "bar" | "pub" | "cafe" | "restaurant" | "club";

export interface Palette {
  /** Gradient from and to (background). */
  from: string;
  to: string;
  /** The motif's lines. */
  ink: string;
  /** Garnish, steam, sparkles. */
  accent: string;
}

/** Dark, saturated pairs that sit with the app's theme; the ink reads on both ends. */
export const PALETTES: readonly Palette[] = [
  { from: "#2a1245", to: "#7b2d8e", ink: "#ffe1f7", accent: "#ff7ac6" },
  { from: "#0c3140", to: "#1f7078", ink: "#e0fff9", accent: "#7ef2d6" },
  { from: "#3d1414", to: "#a53c28", ink: "#ffe6c8", accent: "#ffb35c" },
  { from: "#161c4d", to: "#3f4bb0", ink: "#e6e9ff", accent: "#9fb0ff" },
  { from: "#0f2e1b", to: "#2f7a46", ink: "#e8ffeb", accent: "#b9f27e" },
  { from: "#40102a", to: "#b0396a", ink: "#ffe3ee", accent: "#ffc2d9" },
  { from: "#33240a", to: "#946614", ink: "#fff4d6", accent: "#ffd45c" },
  { from: "#0b1f3a", to: "#1c5d99", ink: "#e1f2ff", accent: "#7fd3ff" },
];

/** Background textures: dots, stripes, rings, bubbles, waves. */
export const PATTERNS = ["dots", "stripes", "rings", "bubbles", "waves"] as const;
export type Pattern = (typeof PATTERNS)[number];

export interface Illustration {
  kind: IllustrationKind;
  palette: Palette;
  paletteIndex: number;
  pattern: Pattern;
  /** Gradient direction, 0..3 (to the right, down, diagonally either way). */
  direction: number;
  /** Where the motif sits (x in a 160 × 100 box), how big and how tilted. */
  x: number;
  scale: number;
  tilt: number;
  /** Seed of the bubbles' places. */
  seed: number;
  /** Names this variant: equal keys draw the same picture. */
  key: string;
}

/** FNV-1a, 32 bits: small, fast and spreads similar ids ("osm:node/1", "osm:node/2") apart. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // a final mix so that the low bits, used for the first choices, depend on every character
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

// A pub is a Bar in VIBE's categories; its name usually says so. Only the picture uses this.
const PUB_WORDS =
  /\b(pub|tavern|taproom|tap room|brewery|brewing|brewpub|beer|ale ?house|saloon|biergarten|beer garden)\b/i;

/** The motif for a venue: its category's, a pub's mug for a Bar whose name says pub. */
export function illustrationKind(venue: Pick<Venue, "category" | "name">): IllustrationKind {
  switch (venue.category) {
    case "Bar":
      return PUB_WORDS.test(venue.name) ? "pub" : "bar";
    case "Cafe":
      return "cafe";
    case "Club":
      return "club";
    default:
      return "restaurant";
  }
}

/** The venue's illustration, the same every time for the same venue. */
export function illustrationFor(venue: Pick<Venue, "category" | "name" | "externalId">): Illustration {
  const kind = illustrationKind(venue);
  let h = hash32(`${venue.externalId}\u0000${kind}`);
  const take = (n: number) => {
    const v = h % n;
    h = Math.floor(h / n);
    return v;
  };
  const paletteIndex = take(PALETTES.length);
  const pattern = PATTERNS[take(PATTERNS.length)];
  const direction = take(4);
  const x = 58 + take(5) * 11; // 58..102
  const scale = 1.4 + (take(5) - 2) * 0.1; // 1.2..1.6 (the motif is drawn ~40 units tall)
  const tilt = (take(5) - 2) * 5; // -10..10 degrees
  const seed = hash32(venue.externalId);
  return {
    kind,
    palette: PALETTES[paletteIndex],
    paletteIndex,
    pattern,
    direction,
    x,
    scale,
    tilt,
    seed,
    key: `${kind}-${paletteIndex}-${pattern}-${direction}-${x}-${scale.toFixed(2)}-${tilt}`,
  };
}

/** A small deterministic generator (mulberry32) for the bubbles' places. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const KIND_LABELS: Record<IllustrationKind, string> = {
  bar: "a cocktail bar",
  pub: "a pub",
  cafe: "a cafe",
  restaurant: "a restaurant",
  club: "a club",
};
