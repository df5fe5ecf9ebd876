import type { VenueCategory } from "@shared/vocabulary";
import { analyzeVenueTexts, vibeModel } from "./model";
import { logit, sigmoid } from "./model-train";
import { CATEGORY_PROFILES, detectedVibesFrom, NAME_ADJUSTMENTS, normalizeName } from "./prior";
import type { GooglePlaceAttributes, VibeAnalysis, VibeReading } from "./types";

/**
 * A venue's vibe scores, blended from everything known about it, with the evidence for each vibe.
 * Method: BLEND_METHOD ("blend-v2"). Pure and deterministic. docs/vibe-analysis.md ("The blend")
 * has the weights and why.
 *
 * Every score is a probability, built in log-odds: each signal adds how much it moves the odds,
 * starting from the category's prior. A vibe nothing speaks to stays unknown (left out), not 0.
 *
 *   logit p = logit(base) + NAME_LOGIT x name deltas + ATTRIBUTE_LOGIT x OSM / Google deltas
 *           + (logit p_text - logit p_text with no text) + PHOTO_LOGIT x photo evidence
 *
 * 1. Category prior (base, baseRate): measured where it was (a Restaurant's Loud, Quiet, Romantic and
 *    Cozy: the text model's base rates on restaurants), else CATEGORY_PROFILES for the vibes a
 *    category names (stated assumptions), else the text model's no-text answer, used only when
 *    another signal speaks.
 * 2. Name words (NAME_ADJUSTMENTS): weak evidence. "...Saloon" lifts Country Music from 0.03 to
 *    about 0.1, under the 0.2 tag threshold: a name is a hint, not a verdict.
 * 3. Source attributes (OSM_RULES, GOOGLE_RULES): facts a map source states, worth more per unit.
 * 4. Texts (descriptions, the providers' reviews and VIBE's people's reviews, `VenueText`): read
 *    together by the venue-level text model (vibe-model-v2, analyzeVenueTexts); what it adds is how
 *    far it moved each vibe from its own no-text answer, so texts that say nothing about a vibe add
 *    nothing. A VIBE review (`member`) counts with weight 0.5^(age / REVIEW_HALF_LIFE_DAYS), its age
 *    from its `time` (last edit) to `now`, and not at all past REVIEW_MAX_AGE_DAYS.
 * 5. Photos (image-stats-v1 analyses): E = n^(PHOTO_GAMMA - 1) x sum of the photos' confidences,
 *    times PHOTO_LOGIT: pixel statistics are weak evidence, and many photos do not saturate.
 * Live broadcasts and check-ins are not stored scores: they count at match time (live/crowd.ts
 * liveFit) while fresh.
 *
 * Scores are rounded to hundredths and kept within 0.01..0.99; detectedVibes (the vibes a venue
 * matches) are those at DETECTED_VIBE_THRESHOLD (0.4) or more.
 */
export const BLEND_METHOD = "blend-v2";

export interface VibeEvidence {
  source: "category" | "name" | "osm" | "google" | "text" | "review" | "photo" | "live";
  detail: string;
}

export interface VenueSignals {
  category: VenueCategory;
  name: string;
  /** OpenStreetMap tags of the venue's node or way. */
  osmTags?: Record<string, string> | null;
  google?: GooglePlaceAttributes | null;
  /** The venue's description and reviews, as written (read together by `textAnalyzer`). */
  texts?: readonly VenueText[];
  /** The venue-level text analyzer; default vibe-model-v2's analyzeVenueTexts. */
  textAnalyzer?: VenueTextAnalyzer;
  /** Analyses of the venue's photos (image-stats-v1), at most a few per venue. */
  photos?: readonly VibeAnalysis[];
  /** When the blend is made: the age of VIBE's reviews is counted to it. Default: the current time. */
  now?: Date;
}

/**
 * One text about a venue. `source` says whose words they are (shown in the evidence: "Description",
 * "Reviews"); `time` is when it was written. `member`: a review by one of VIBE's people
 * (member_reviews), which fades with its age (textWeight); the providers' reviews and descriptions
 * count alike whatever their time.
 */
export interface VenueText {
  text: string;
  source?: "description" | "review";
  /** ISO 8601, or null when unknown. */
  time?: string | null;
  member?: boolean;
}

/**
 * Reads a venue's texts together into calibrated probabilities (vibe-model-v2's analyzeVenueTexts);
 * `weights`, one per text, say how much each counts (default 1).
 */
export type VenueTextAnalyzer = (texts: readonly string[], weights?: readonly number[]) => VibeAnalysis;

/** A VIBE review's weight halves every this many days (docs/vibe-analysis.md, "The blend"). */
export const REVIEW_HALF_LIFE_DAYS = 90;
/** ... and is 0 past this age. */
export const REVIEW_MAX_AGE_DAYS = 730;
const DAY_MS = 86_400_000;

/**
 * How much a text counts at `now`: a VIBE review 0.5^(age / 90 days) (0 past two years; an unknown
 * or future time counts as fresh), every other text 1.
 */
export function textWeight(t: Pick<VenueText, "time" | "member">, now: Date): number {
  if (!t.member || !t.time) return 1;
  const at = Date.parse(t.time);
  if (!Number.isFinite(at)) return 1;
  const days = Math.max(0, (now.getTime() - at) / DAY_MS);
  return days > REVIEW_MAX_AGE_DAYS ? 0 : 0.5 ** (days / REVIEW_HALF_LIFE_DAYS);
}

/** "3 reviews on VIBE mention live music" */
export const memberReviewEvidence = (n: number, vibe: string) =>
  `${n} review${n === 1 ? "" : "s"} on VIBE ${n === 1 ? "mentions" : "mention"} ${vibe.toLowerCase()}`;

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

/** Log-odds per unit of a name word's delta (NAME_ADJUSTMENTS): weak. */
export const NAME_LOGIT = 3;
/** Log-odds per unit of a source attribute's delta (OSM_RULES, GOOGLE_RULES): a stated fact. */
export const ATTRIBUTE_LOGIT = 5;
/** Log-odds per unit of photo evidence (image-stats-v1 confidences, aggregated). */
export const PHOTO_LOGIT = 0.8;
/** Aggregation over photos: E = n^(PHOTO_GAMMA - 1) x sum of confidences. */
export const PHOTO_GAMMA = 0.5;
/** A signal that moves a vibe's log-odds less than this does not make an unknown vibe known. */
export const BLEND_MOVE_MIN = 0.1;
/** Scores stay inside this: a blend is never certain. */
const P_MIN = 0.01;
const P_MAX = 0.99;

// Compiled once: a sync blends thousands of venues, and compiling these per venue was most of its time.
const NAME_WORDS = NAME_ADJUSTMENTS.map((adj) => ({
  ...adj,
  // " WORD " in " NAME TOKENS ": the same as the regex (^| )WORD( |$) for these plain words, and faster
  words: adj.words.map((word) => ({ word, padded: ` ${word} ` })),
}));
/** The same order as localeCompare (default locale and options), without its per-call setup. */
const collator = new Intl.Collator();

const clampP = (n: number) => Math.min(P_MAX, Math.max(P_MIN, n));
const round2 = (n: number) => Math.round(n * 100) / 100;
const logitOf = (p: number) => logit(clampP(p));

/** What each analyzer answers with no text at all: the zero point of the text signal. */
const noTextAnswers = new WeakMap<VenueTextAnalyzer, Map<string, number>>();
function noTextAnswer(analyzer: VenueTextAnalyzer): Map<string, number> {
  let m = noTextAnswers.get(analyzer);
  if (!m) {
    m = new Map(analyzer([]).vibes.map((r) => [r.vibe, r.confidence]));
    noTextAnswers.set(analyzer, m);
  }
  return m;
}

/**
 * A vibe's base rate when the category names no prior for it: the text model's own no-text answer
 * (Loud 0.32, Quiet 0.68, Romantic 0.06, Cozy 0.26, Social 0.75) or its stated prior for the vibes
 * without labels (Live Music 0.10, Whiskey 0.05, Country Music 0.03, ...).
 */
export function neutralBase(vibe: string): number {
  const model = vibeModel();
  const head = model.heads.find((h) => h.vibe === vibe || h.complement === vibe);
  if (head) {
    const p = sigmoid(head.platt.b);
    return head.vibe === vibe ? p : 1 - p;
  }
  return model.data.lexicon.priors[vibe] ?? 0.1;
}

/** Vibes whose rate among restaurants is measured (the text model's labelled heads, on CEBaB's restaurants). */
const MEASURED_ON_RESTAURANTS = new Set(["Loud", "Quiet", "Romantic", "Cozy"]);

/**
 * A venue's starting probability for a vibe: measured where it was measured (a Restaurant's Loud,
 * Quiet, Romantic and Cozy: the text model's no-text answer, fitted on restaurants), else the
 * category profile's stated prior, else the neutral base.
 */
export function baseRate(category: VenueCategory, vibe: string): number {
  if (category === "Restaurant" && MEASURED_ON_RESTAURANTS.has(vibe)) return neutralBase(vibe);
  return CATEGORY_PROFILES[category][vibe] ?? neutralBase(vibe);
}

export function blendVibes(s: VenueSignals): BlendResult {
  const profile = CATEGORY_PROFILES[s.category];
  /** Log-odds moved per vibe by every signal after the category prior. */
  const moved = new Map<string, number>();
  /** Vibes some signal spoke to (moved by at least BLEND_MOVE_MIN, either way). */
  const known = new Set<string>(Object.keys(profile));
  const evidence = new Map<string, { e: VibeEvidence; weight: number }[]>();
  const note = (vibe: string, e: VibeEvidence, weight: number) => {
    const list = evidence.get(vibe) ?? evidence.set(vibe, []).get(vibe)!;
    list.push({ e, weight });
  };
  const move = (vibe: string, z: number) => {
    moved.set(vibe, (moved.get(vibe) ?? 0) + z);
    if (Math.abs(z) >= BLEND_MOVE_MIN) known.add(vibe);
  };

  // 1. category prior: its evidence weighs as much as the prior's own log-odds above an even chance
  for (const [vibe, v] of Object.entries(profile))
    note(vibe, { source: "category", detail: `Category: ${s.category}` }, Math.max(0.05, logitOf(v) + 1));

  // 2. name words (each group once)
  const padded = ` ${normalizeName(s.name).join(" ")} `;
  for (const adj of NAME_WORDS) {
    const word = adj.words.find((w) => padded.includes(w.padded))?.word;
    if (!word) continue;
    for (const [vibe, d] of Object.entries(adj.deltas)) {
      move(vibe, NAME_LOGIT * d);
      if (d > 0) note(vibe, { source: "name", detail: `Name: "${word.toLowerCase()}"` }, NAME_LOGIT * d);
    }
  }

  // 3. source attributes
  const apply = (deltas: Deltas, e: VibeEvidence) => {
    for (const [vibe, d] of Object.entries(deltas)) {
      move(vibe, ATTRIBUTE_LOGIT * d);
      if (d > 0) note(vibe, e, ATTRIBUTE_LOGIT * d);
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

  // 4. texts, read together at the level of the venue
  const now = s.now ?? new Date();
  const texts = (s.texts ?? [])
    .filter((t) => typeof t.text === "string" && t.text.trim() !== "")
    .map((t) => ({ ...t, weight: textWeight(t, now) }))
    .filter((t) => t.weight > 0);
  if (texts.length) {
    const analyzer = s.textAnalyzer ?? analyzeVenueTexts;
    const before = noTextAnswer(analyzer);
    const weighted = texts.some((t) => t.weight !== 1);
    const read = analyzer(
      texts.map((t) => t.text),
      weighted ? texts.map((t) => t.weight) : undefined,
    );
    const members = texts.filter((t) => t.member);
    /** Each VIBE review read alone, for "N reviews on VIBE mention ...": only when some vibe rose. */
    let alone: VibeAnalysis[] | null = null;
    const reviews = texts.filter((t) => t.source !== "description").length;
    const what =
      reviews === 0
        ? "Description"
        : reviews === texts.length
          ? `Reviews (${reviews})`
          : `Description and reviews (${reviews})`;
    for (const r of read.vibes) {
      const p0 = before.get(r.vibe) ?? neutralBase(r.vibe);
      const z = logitOf(r.confidence) - logitOf(p0);
      move(r.vibe, z);
      if (z >= BLEND_MOVE_MIN) {
        if (members.length) {
          alone ??= members.map((t) => analyzer([t.text]));
          const n = alone.filter((a) => (a.evidence?.[r.vibe]?.length ?? 0) > 0).length;
          // the VIBE reviews' line comes just before the texts' quotes: the freshest word on the vibe
          if (n) note(r.vibe, { source: "review", detail: memberReviewEvidence(n, r.vibe) }, z + 0.001);
        }
        const quotes = read.evidence?.[r.vibe] ?? [];
        note(
          r.vibe,
          { source: "text", detail: quotes.length ? `${what}: ${quotes.map((q) => `"${q}"`).join(", ")}` : what },
          z,
        );
      }
    }
  }

  // 5. photos
  const photos = s.photos ?? [];
  if (photos.length) {
    const sums = new Map<string, { sum: number; why: string | undefined; best: number }>();
    for (const photo of photos)
      for (const r of photo.vibes) {
        const c = Math.min(1, Math.max(0, r.confidence));
        const e = sums.get(r.vibe) ?? sums.set(r.vibe, { sum: 0, why: undefined, best: -1 }).get(r.vibe)!;
        e.sum += c;
        if (c > e.best) {
          e.best = c;
          e.why = photo.evidence?.[r.vibe]?.[0];
        }
      }
    const scale = photos.length ** (PHOTO_GAMMA - 1);
    for (const [vibe, { sum, why }] of sums) {
      const z = PHOTO_LOGIT * scale * sum;
      move(vibe, z);
      note(vibe, { source: "photo", detail: why ? `Photo: ${why}` : "Photo" }, z);
    }
  }

  const vibeScores: Record<string, number> = {};
  for (const vibe of [...known].sort((a, b) => collator.compare(a, b))) {
    const base = baseRate(s.category, vibe);
    vibeScores[vibe] = round2(clampP(sigmoid(logitOf(base) + (moved.get(vibe) ?? 0))));
  }
  const out: Record<string, VibeEvidence[]> = {};
  for (const vibe of Object.keys(vibeScores)) {
    const list = (evidence.get(vibe) ?? []).sort((a, b) => b.weight - a.weight).map((x) => x.e);
    const seen = new Set<string>();
    const kept = list.filter((e) => !seen.has(e.detail) && seen.add(e.detail));
    if (kept.length) out[vibe] = kept;
  }
  return { method: BLEND_METHOD, vibeScores, detectedVibes: detectedVibesFrom(vibeScores), evidence: out };
}

/** Vibe readings sorted strongest first (helper for analyzers). */
export const strongestFirst = (list: VibeReading[]) =>
  [...list].sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe));
