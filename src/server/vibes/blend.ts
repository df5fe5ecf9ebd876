import type { VenueCategory } from "@shared/constants";
import { CATEGORY_PROFILES, detectedVibesFrom, NAME_ADJUSTMENTS, normalizeName, priorVibeScores } from "./prior";
import type { GooglePlaceAttributes, VibeAnalysis, VibeReading } from "./types";

/**
 * A venue's vibe scores, blended from everything known about it, with the evidence for each vibe.
 * Method: BLEND_METHOD ("blend-v1"). Pure and deterministic.
 *
 * 1. Prior (prior-v1): the category profile and the name words (docs/seed-data.md).
 * 2. Source attributes add fixed amounts (tables OSM_RULES and GOOGLE_RULES below): facts a map
 *    source states outright, such as `live_music=yes` or Google's `liveMusic: true`.
 * 3. Text (description and reviews, through the text analyzer): each text is one voice. For a vibe
 *    the texts mention, the score moves toward the texts' mean confidence by a weight that grows
 *    with the number of texts, 0.15 per text up to 0.6. A vibe the texts deny ("not loud at all")
 *    is lowered by the same weight, in proportion to the share of texts denying it.
 * 4. Photos (image analyzer): the score moves toward each photo vibe's confidence by 0.25.
 *
 * Scores are clamped to 0..1 and rounded to hundredths; detectedVibes are those at 0.4 or more.
 */
export const BLEND_METHOD = "blend-v1";

export interface VibeEvidence {
  source: "category" | "name" | "osm" | "google" | "text" | "photo";
  detail: string;
}

export interface VenueSignals {
  category: VenueCategory;
  name: string;
  /** OpenStreetMap tags of the venue's node or way. */
  osmTags?: Record<string, string> | null;
  google?: GooglePlaceAttributes | null;
  /** Analyses of the venue's description and reviews. */
  texts?: readonly VibeAnalysis[];
  /** Analyses of the venue's photos. */
  photos?: readonly VibeAnalysis[];
}

export interface BlendResult {
  method: string;
  vibeScores: Record<string, number>;
  detectedVibes: string[];
  /** vibe -> why it scores what it does (strongest first), for the details sheet. */
  evidence: Record<string, VibeEvidence[]>;
}

type Deltas = Readonly<Record<string, number>>;

/**
 * OpenStreetMap tag rules: [tag, value test, deltas]. The evidence names the tag and its value as
 * OSM has it ("OpenStreetMap: live_music=yes"), so a person can check it on the map.
 */
export const OSM_RULES: ReadonlyArray<{ tag: string; test: (v: string) => boolean; deltas: Deltas }> = [
  { tag: "live_music", test: (v) => v === "yes", deltas: { "Live Music": 0.5, Upbeat: 0.1 } },
  { tag: "music_genre", test: (v) => /country|bluegrass|americana/.test(v), deltas: { "Country Music": 0.45 } },
  { tag: "music_genre", test: (v) => /jazz|blues|soul|funk/.test(v), deltas: { "Live Music": 0.2, Romantic: 0.1 } },
  {
    tag: "music_genre",
    test: (v) => /techno|house|electronic|edm|disco|dance|hip.?hop/.test(v),
    deltas: { Energetic: 0.2, Loud: 0.15, Upbeat: 0.15 },
  },
  { tag: "karaoke", test: (v) => v === "yes", deltas: { Loud: 0.2, Upbeat: 0.2, Social: 0.1 } },
  {
    tag: "outdoor_seating",
    test: (v) => /^(yes|patio|garden|terrace|sidewalk|roof|rooftop|parklet|veranda)$/.test(v),
    deltas: { Relaxed: 0.15, Chill: 0.1 },
  },
  { tag: "internet_access", test: (v) => /^(yes|wlan|wifi)$/.test(v), deltas: { Focused: 0.2 } },
  { tag: "cuisine", test: (v) => /coffee_shop|tea/.test(v), deltas: { Cozy: 0.1, Focused: 0.1 } },
  { tag: "cuisine", test: (v) => /wine/.test(v), deltas: { Romantic: 0.15 } },
  { tag: "cocktails", test: (v) => v === "yes", deltas: { Social: 0.1, Romantic: 0.05, Creative: 0.05 } },
  { tag: "drink:wine", test: (v) => /^(yes|served)$/.test(v), deltas: { Romantic: 0.1, Relaxed: 0.05 } },
  { tag: "drink:whisky", test: (v) => /^(yes|served)$/.test(v), deltas: { Whiskey: 0.3 } },
  { tag: "drink:whiskey", test: (v) => /^(yes|served)$/.test(v), deltas: { Whiskey: 0.3 } },
  { tag: "microbrewery", test: (v) => v === "yes", deltas: { Social: 0.1, Upbeat: 0.05 } },
  { tag: "lgbtq", test: (v) => /^(primary|only|yes|welcome)$/.test(v), deltas: { Social: 0.1, Upbeat: 0.1 } },
  { tag: "theme", test: (v) => /tiki|pirate|speakeasy/.test(v), deltas: { Adventurous: 0.3, Upbeat: 0.1 } },
  { tag: "sport", test: (v) => v.length > 0, deltas: { Loud: 0.15, Energetic: 0.15, Social: 0.1 } },
  { tag: "amenity", test: (v) => v === "pub", deltas: { Cozy: 0.1, Social: 0.1 } },
  { tag: "amenity", test: (v) => v === "biergarten", deltas: { Social: 0.2, Relaxed: 0.1, Loud: 0.1 } },
  { tag: "amenity", test: (v) => v === "music_venue", deltas: { "Live Music": 0.5, Loud: 0.1 } },
  {
    tag: "opening_hours",
    test: (v) => /(0[1-5]|2[4-9]):\d\d/.test(v) || /24\/7/.test(v),
    deltas: { Energetic: 0.1, Adventurous: 0.05 },
  },
  { tag: "opening_hours", test: (v) => /\b0?[5-7]:\d\d\s*-/.test(v), deltas: { Quiet: 0.05, Chill: 0.05 } },
];

/** "OpenStreetMap: live_music=yes" (long values, such as opening_hours, cut at 60 characters). */
export const osmEvidence = (tag: string, value: string) =>
  `OpenStreetMap: ${tag}=${value.length > 60 ? `${value.slice(0, 59)}…` : value}`;

/** Google Places (New) field rules. */
export const GOOGLE_RULES: ReadonlyArray<{
  field: keyof GooglePlaceAttributes;
  test: (v: unknown) => boolean;
  deltas: Deltas;
  detail: string;
}> = [
  {
    field: "liveMusic",
    test: (v) => v === true,
    deltas: { "Live Music": 0.5, Upbeat: 0.1 },
    detail: "Google: live music",
  },
  { field: "goodForGroups", test: (v) => v === true, deltas: { Social: 0.2 }, detail: "Google: good for groups" },
  {
    field: "goodForWatchingSports",
    test: (v) => v === true,
    deltas: { Loud: 0.2, Energetic: 0.15 },
    detail: "Google: good for watching sports",
  },
  {
    field: "servesCocktails",
    test: (v) => v === true,
    deltas: { Social: 0.1, Romantic: 0.05, Creative: 0.05 },
    detail: "Google: serves cocktails",
  },
  {
    field: "servesWine",
    test: (v) => v === true,
    deltas: { Romantic: 0.15, Relaxed: 0.05 },
    detail: "Google: serves wine",
  },
  { field: "servesBeer", test: (v) => v === true, deltas: { Social: 0.05 }, detail: "Google: serves beer" },
  {
    field: "servesCoffee",
    test: (v) => v === true,
    deltas: { Cozy: 0.05, Focused: 0.05 },
    detail: "Google: serves coffee",
  },
  {
    field: "outdoorSeating",
    test: (v) => v === true,
    deltas: { Relaxed: 0.15, Chill: 0.1 },
    detail: "Google: outdoor seating",
  },
  {
    field: "reservable",
    test: (v) => v === true,
    deltas: { Romantic: 0.1, Quiet: 0.05 },
    detail: "Google: takes reservations",
  },
  {
    field: "allowsDogs",
    test: (v) => v === true,
    deltas: { Relaxed: 0.05, Chill: 0.05 },
    detail: "Google: dogs allowed",
  },
  {
    field: "goodForChildren",
    test: (v) => v === true,
    deltas: { Romantic: -0.1, Social: 0.05 },
    detail: "Google: good for children",
  },
  {
    field: "priceLevel",
    test: (v) => v === "PRICE_LEVEL_EXPENSIVE" || v === "PRICE_LEVEL_VERY_EXPENSIVE",
    deltas: { Romantic: 0.1, Quiet: 0.1, Loud: -0.1 },
    detail: "Google: upscale",
  },
  {
    field: "priceLevel",
    test: (v) => v === "PRICE_LEVEL_INEXPENSIVE",
    deltas: { Social: 0.05, Chill: 0.05 },
    detail: "Google: inexpensive",
  },
];

export const TEXT_WEIGHT_PER_TEXT = 0.15;
export const TEXT_WEIGHT_MAX = 0.6;
export const PHOTO_WEIGHT = 0.25;

// Compiled once: a sync blends thousands of venues, and compiling these per venue was most of its time.
const NAME_WORDS = NAME_ADJUSTMENTS.map((adj) => ({
  ...adj,
  // " WORD " in " NAME TOKENS ": the same as the regex (^| )WORD( |$) for these plain words, and faster
  words: adj.words.map((word) => ({ word, padded: ` ${word} ` })),
}));
/** The same order as localeCompare (default locale and options), without its per-call setup. */
const collator = new Intl.Collator();

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const round2 = (n: number) => Math.round(n * 100) / 100;

export function blendVibes(s: VenueSignals): BlendResult {
  const scores = new Map<string, number>(Object.entries(priorVibeScores(s.category, s.name)));
  const evidence = new Map<string, { e: VibeEvidence; weight: number }[]>();
  const note = (vibe: string, e: VibeEvidence, weight: number) => {
    const list = evidence.get(vibe) ?? evidence.set(vibe, []).get(vibe)!;
    list.push({ e, weight });
  };

  // 1. prior: say which part of it gave each vibe
  for (const [vibe, v] of Object.entries(CATEGORY_PROFILES[s.category]))
    note(vibe, { source: "category", detail: `Category: ${s.category}` }, v);
  const tokens = normalizeName(s.name).join(" ");
  const padded = ` ${tokens} `;
  for (const adj of NAME_WORDS) {
    const word = adj.words.find((w) => padded.includes(w.padded))?.word;
    if (!word) continue;
    for (const [vibe, d] of Object.entries(adj.deltas))
      if (d > 0) note(vibe, { source: "name", detail: `Name: "${word.toLowerCase()}"` }, d);
  }

  // 2. source attributes
  const apply = (deltas: Deltas, e: VibeEvidence) => {
    for (const [vibe, d] of Object.entries(deltas)) {
      scores.set(vibe, clamp01((scores.get(vibe) ?? 0) + d));
      if (d > 0) note(vibe, e, d);
    }
  };
  for (const rule of OSM_RULES) {
    const value = s.osmTags?.[rule.tag];
    if (value !== undefined && rule.test(value.toLowerCase()))
      apply(rule.deltas, { source: "osm", detail: osmEvidence(rule.tag, value) });
  }
  for (const rule of GOOGLE_RULES) {
    const value = s.google?.[rule.field];
    if (value !== undefined && rule.test(value)) apply(rule.deltas, { source: "google", detail: rule.detail });
  }

  // 3. texts
  const texts = (s.texts ?? []).filter((t) => t.vibes.length || t.negated?.length);
  if (texts.length) {
    const weight = Math.min(TEXT_WEIGHT_MAX, TEXT_WEIGHT_PER_TEXT * texts.length);
    const said = new Map<string, number[]>();
    const denied = new Map<string, number>();
    for (const t of texts) {
      for (const r of t.vibes) said.set(r.vibe, [...(said.get(r.vibe) ?? []), clamp01(r.confidence)]);
      for (const v of new Set(t.negated ?? [])) denied.set(v, (denied.get(v) ?? 0) + 1);
    }
    for (const [vibe, confidences] of said) {
      const mean = confidences.reduce((a, b) => a + b, 0) / confidences.length;
      scores.set(vibe, (1 - weight) * (scores.get(vibe) ?? 0) + weight * mean);
      const quotes = texts.flatMap((t) => t.evidence?.[vibe] ?? []).slice(0, 2);
      const mentions = `${confidences.length} of ${texts.length} review${texts.length === 1 ? "" : "s"}`;
      note(
        vibe,
        {
          source: "text",
          detail: quotes.length
            ? `Reviews (${mentions}): ${quotes.map((q) => `"${q}"`).join(", ")}`
            : `Reviews: ${mentions}`,
        },
        weight * mean,
      );
    }
    for (const [vibe, n] of denied) {
      if (said.has(vibe) && said.get(vibe)!.length >= n) continue;
      scores.set(vibe, (scores.get(vibe) ?? 0) * (1 - (weight * n) / texts.length));
    }
  }

  // 4. photos
  for (const photo of s.photos ?? []) {
    for (const r of photo.vibes) {
      scores.set(r.vibe, (1 - PHOTO_WEIGHT) * (scores.get(r.vibe) ?? 0) + PHOTO_WEIGHT * clamp01(r.confidence));
      const why = photo.evidence?.[r.vibe]?.[0];
      note(r.vibe, { source: "photo", detail: why ? `Photo: ${why}` : "Photo" }, PHOTO_WEIGHT * r.confidence);
    }
  }

  const vibeScores: Record<string, number> = {};
  for (const [vibe, v] of [...scores].sort(([a], [b]) => collator.compare(a, b))) {
    const r = round2(clamp01(v));
    if (r > 0) vibeScores[vibe] = r;
  }
  const out: Record<string, VibeEvidence[]> = {};
  for (const vibe of Object.keys(vibeScores)) {
    const list = (evidence.get(vibe) ?? []).sort((a, b) => b.weight - a.weight).map((x) => x.e);
    const seen = new Set<string>();
    out[vibe] = list.filter((e) => !seen.has(e.detail) && seen.add(e.detail));
  }
  return { method: BLEND_METHOD, vibeScores, detectedVibes: detectedVibesFrom(vibeScores), evidence: out };
}

/** Vibe readings sorted strongest first (helper for analyzers). */
export const strongestFirst = (list: VibeReading[]) =>
  [...list].sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe));
