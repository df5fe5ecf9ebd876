import { ALL_VIBES, type VenueCategory } from "@shared/vocabulary";
import { analyzeVenueTexts, vibeModel } from "./model";
import { logit, sigmoid } from "./model-train";
import { CATEGORY_PROFILES, detectedVibesFrom, NAME_ADJUSTMENTS, normalizeName } from "./prior";
import { contradicts } from "@shared/vibe-tags";
import { permitLine, PERMIT_SOURCE, type PermitCode } from "./permit-words";
import { likelyVibes, type LikelyVibe } from "./likely";
import { analyzeText } from "./text";
import type { GooglePlaceAttributes, VibeAnalysis, VibeReading } from "./types";

/**
 * A venue's vibe scores, blended from everything known about it, with the evidence for each vibe.
 * Method: BLEND_METHOD ("blend-v6"). Pure and deterministic. docs/vibe-analysis.md ("The blend")
 * has the weights and why.
 *
 * Every score is a probability, built in log-odds: each signal adds how much it moves the odds,
 * starting from the category's prior. A vibe nothing speaks to stays unknown (left out), not 0.
 *
 *   logit p = logit(base) + NAME_LOGIT x name deltas + ATTRIBUTE_LOGIT x OSM / Google deltas
 *           + (logit p_text - logit p_text with no text) + PHOTO_LOGIT x photo evidence
 *           + VOTE_LOGIT x (Y - N) / max(1, Y + N)^(1 - VOTE_GAMMA)
 *
 * 1. Category prior (base, baseRate): measured where it was (a Restaurant's Loud, Quiet, Romantic and
 *    Cozy: the text model's base rates on restaurants), else CATEGORY_PROFILES for the vibes a
 *    category names (stated assumptions), else the text model's no-text answer, used only when
 *    another signal speaks.
 * 2. Name words (NAME_ADJUSTMENTS): weak evidence. "...Saloon" lifts Country Music from 0.03 to
 *    about 0.1, under the 0.2 tag threshold: a name is a hint, not a verdict.
 * 3. Source attributes (OSM_RULES, GOOGLE_RULES): facts a map source states, worth more per unit.
 * 4. Texts (descriptions, the providers' reviews and VIBE's people's reviews, `VenueText`): read
 *    together by the venue-level text model (vibe-model-v3, analyzeVenueTexts); what it adds is how
 *    far it moved each vibe from its own no-text answer, so texts that say nothing about a vibe add
 *    nothing. A VIBE review (`member`) counts with weight 0.5^(age / REVIEW_HALF_LIFE_DAYS), its age
 *    from its `time` (last edit) to `now`, and not at all past REVIEW_MAX_AGE_DAYS.
 * 5. Photos (image-stats-v1 analyses): E = n^(PHOTO_GAMMA - 1) x sum of the photos' confidences,
 *    times PHOTO_LOGIT: pixel statistics are weak evidence, and many photos do not saturate.
 * 6. Votes of VIBE's people ("What's the vibe here?", `votes`, the counted ones only): Y and N the
 *    Yes and No votes on a vibe, each weighted as a VIBE review of its age (memberWeight). One fresh
 *    Yes multiplies the odds by 5.5 (VOTE_LOGIT 1.7); a No majority lowers the vibe. Evidence: "7 people on
 *    VIBE said Romantic, 1 said not, in the last 90 days".
 * Loud and Quiet are one scale (NOISE_SCALE): what raises one lowers the other by as much, and a bar
 * kind's Quiet starts from its own stated 0.2 (BAR_QUIET_BASE), never a restaurant's 0.68; of two
 * contradicting vibes only the higher matches (prior.ts detectedVibesFrom). Issue 25: a karaoke bar
 * is Loud, not Loud and Quiet.
 * Live broadcasts and check-ins are not stored scores: they count at match time (live/crowd.ts
 * liveFit) while fresh.
 *
 * Scores are rounded to hundredths and kept within 0.01..0.99; detectedVibes (the vibes a venue
 * matches) are those at DETECTED_VIBE_THRESHOLD (0.4) or more.
 */
export const BLEND_METHOD = "blend-v6";

export interface VibeEvidence {
  source: "category" | "name" | "osm" | "google" | "permit" | "text" | "review" | "photo" | "vote" | "live";
  detail: string;
}

export interface VenueSignals {
  category: VenueCategory;
  name: string;
  /** OpenStreetMap tags of the venue's node or way. */
  osmTags?: Record<string, string> | null;
  google?: GooglePlaceAttributes | null;
  /** The San Francisco entertainment permits the venue holds (venues/permits.ts permitCodes). */
  permits?: readonly PermitCode[];
  /** The venue's description and reviews, as written (read together by `textAnalyzer`). */
  texts?: readonly VenueText[];
  /** The venue-level text analyzer; default vibe-model-v3's analyzeVenueTexts. */
  textAnalyzer?: VenueTextAnalyzer;
  /** Analyses of the venue's photos (image-stats-v1), at most a few per venue. */
  photos?: readonly VibeAnalysis[];
  /** The counted votes of VIBE's people on the venue's vibes (VibeVote). */
  votes?: readonly VibeVote[];
  /** When the blend is made: the age of VIBE's reviews and votes is counted to it. Default: the current time. */
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
 * Reads a venue's texts together into calibrated probabilities (vibe-model-v3's analyzeVenueTexts);
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
  return t.member ? memberWeight(t.time, now) : 1;
}

/**
 * How much a VIBE person's word (a review, a vote) counts at `now`, from when it was written or
 * last changed: 0.5^(age / REVIEW_HALF_LIFE_DAYS), 0 past REVIEW_MAX_AGE_DAYS; an unknown or
 * future time counts as fresh.
 */
export function memberWeight(time: string | null | undefined, now: Date): number {
  const days = ageDays(time, now);
  return days > REVIEW_MAX_AGE_DAYS ? 0 : 0.5 ** (days / REVIEW_HALF_LIFE_DAYS);
}

/** Whole days and fractions from `time` to `now` (0 for an unknown or future time). */
function ageDays(time: string | null | undefined, now: Date): number {
  const at = time ? Date.parse(time) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, (now.getTime() - at) / DAY_MS) : 0;
}

/**
 * One vote of VIBE's people on one of the venue's vibes: Yes (`yes`) or No, and when it was cast or
 * last changed. Only votes that count reach the blend (venues/vibe-vote-queries.ts countedVotes:
 * proven accounts, not the venue's owner, ...).
 */
export interface VibeVote {
  vibe: string;
  yes: boolean;
  /** ISO 8601. */
  time: string | null;
}

/**
 * Log-odds one fresh, lone Yes adds to its vibe (a No takes as much away): 1.7, the odds times 5.5.
 * Chosen so that one Yes confirms a vibe the venue's facts already make plausible and does not
 * confirm one they say nothing of (docs/vibe-analysis.md, "Votes"): it lifts any vibe from about
 * 0.11 over the match threshold (0.4; a wine bar's Romantic, 0.12, becomes 0.42) and leaves the rare
 * vibes' base rates (0.10 and less: Live Music, Romantic 0.06, Country Music 0.03) under it (at most 0.38).
 */
export const VOTE_LOGIT = 1.7;
/**
 * Where a Yes on a likely vibe starts from (issue 25): a vibe the venue's own facts make likely
 * (vibes/likely.ts, checked by hand) is plausible, and one counted, fresh Yes must confirm a
 * plausible vibe (docs/vibe-analysis.md, "Votes"). Its blend may sit lower (a rooftop bar's Romantic
 * 0.10, a cocktail bar's 0.08: a tag moves the log-odds only a little), so its Yes votes count from
 * at least the wine bar's 0.12: one fresh Yes gives 0.43, a match, and keeps it one for about ten
 * days. A vibe the facts say nothing of starts from its own blend (one Yes on a Restaurant's
 * Romantic: 0.26, a guess). No votes leave the blend as it is.
 */
export const LIKELY_PLAUSIBLE = 0.12;
/**
 * Aggregation over a vibe's votes: z = VOTE_LOGIT x (Y - N) / max(1, Y + N)^(1 - VOTE_GAMMA), Y and N
 * the decayed Yes and No weights. At 0.5 that is the margin of the vote in standard deviations of
 * an even split: 7 Yes against 1 No count 2.1 lone votes, 50 against 45 only 0.5 (a split crowd).
 */
export const VOTE_GAMMA = 0.5;

/** "7 people on VIBE said Romantic, 1 said not, in the last 90 days" */
export function voteEvidence(yes: number, no: number, vibe: string, oldestDays: number): string {
  const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;
  const when =
    oldestDays <= REVIEW_HALF_LIFE_DAYS
      ? `in the last ${REVIEW_HALF_LIFE_DAYS} days`
      : oldestDays <= 365
        ? "in the last year"
        : `in the last ${Math.round(REVIEW_MAX_AGE_DAYS / 365)} years`;
  if (!no) return `${people(yes)} on VIBE said ${vibe} ${when}`;
  if (!yes) return `${people(no)} on VIBE said not ${vibe} ${when}`;
  return `${people(yes)} on VIBE said ${vibe}, ${no} said not, ${when}`;
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
  /**
   * The vibes its facts make likely but nothing confirmed (vibes/likely.ts): not the detected ones,
   * nor those VIBE's people voted down (as many No as Yes).
   */
  likely: LikelyVibe[];
}

type Deltas = Readonly<Record<string, number>>;

/** "(OpenStreetMap)": the source, named after what it says. */
const OSM = " (OpenStreetMap)";
/** An OSM value as words: "country;bluegrass" -> "country, bluegrass", "table_tennis" -> "table tennis". */
const tagWords = (v: string) =>
  v
    .split(";")
    .map((p) => p.trim().replace(/_/g, " "))
    .filter(Boolean)
    .join(", ");

/** Games a `sport` tag names that are played at the venue, not watched on a screen. */
const GAMES = new RegExp(
  "^(billiards|pool|snooker|8pool|9pool|darts|table_tennis|shuffleboard|bowling|10pin|9pin|boules|table_soccer|" +
    "chess|cornhole)$",
);

const OUTDOOR_WORDS: Record<string, string> = {
  patio: "A patio",
  garden: "A garden",
  terrace: "A terrace",
  roof: "Rooftop seating",
  rooftop: "Rooftop seating",
  sidewalk: "Sidewalk seating",
  parklet: "A parklet",
  veranda: "A veranda",
};

/**
 * OpenStreetMap tag rules: the tag, a test of its value (lower case), the vibes it says something
 * about, and what it says in words ("Has live music (OpenStreetMap)"), never the raw tag. A tag
 * counts only for the vibes it speaks to: late opening hours, a wifi sign or an LGBTQ flag say
 * nothing about energy, quiet or romance (docs/vibe-analysis.md, "The blend").
 */
export const OSM_RULES: ReadonlyArray<{
  tag: string;
  test: (v: string) => boolean;
  deltas: Deltas;
  says: (v: string) => string;
}> = [
  { tag: "live_music", test: (v) => v === "yes", deltas: { "Live Music": 0.5 }, says: () => "Has live music" },
  {
    tag: "music_genre",
    test: (v) => /country|bluegrass|americana|western/.test(v),
    deltas: { "Country Music": 0.45 },
    says: (v) => `Music: ${tagWords(v)}`,
  },
  {
    tag: "music_genre",
    test: (v) => /jazz|blues|soul|funk|folk|rock|punk|metal|reggae|salsa|latin/.test(v),
    deltas: { "Live Music": 0.2 },
    says: (v) => `Music: ${tagWords(v)}`,
  },
  {
    tag: "music_genre",
    test: (v) => /techno|house|electronic|edm|disco|dance|hip.?hop/.test(v),
    deltas: { Energetic: 0.2, Loud: 0.15, Upbeat: 0.15 },
    says: (v) => `Dance music: ${tagWords(v)}`,
  },
  {
    tag: "karaoke",
    test: (v) => v === "yes",
    deltas: { Loud: 0.2, Upbeat: 0.2, Social: 0.1 },
    says: () => "Has karaoke",
  },
  {
    tag: "outdoor_seating",
    // "yes", or a value that names where (blend-v6: sidewalk, which 6 of San Francisco's seeded places say)
    test: (v) => v === "yes" || Object.hasOwn(OUTDOOR_WORDS, v),
    deltas: { Relaxed: 0.1 },
    says: (v) => OUTDOOR_WORDS[v] ?? "Outdoor seating",
  },
  {
    // a counter with no seats inside (a takeaway cafe open all night): nowhere to settle in. Quiet is
    // left alone: on the one noise scale, lowering it would raise Loud, and no seats say nothing of noise
    tag: "indoor_seating",
    test: (v) => v === "no",
    deltas: { Cozy: -0.3, Focused: -0.3, Romantic: -0.2, Chill: -0.2, Relaxed: -0.15 },
    says: () => "No seats inside",
  },
  {
    tag: "internet_access",
    test: (v) => /^(yes|wlan|wifi)$/.test(v),
    deltas: { Focused: 0.2 },
    says: () => "Has wifi",
  },
  { tag: "cuisine", test: (v) => /(^|;)wine(;|$)/.test(v), deltas: { Romantic: 0.15 }, says: () => "A wine bar" },
  { tag: "cocktails", test: (v) => v === "yes", deltas: { Romantic: 0.05 }, says: () => "Serves cocktails" },
  { tag: "drink:wine", test: (v) => /^(yes|served)$/.test(v), deltas: { Romantic: 0.1 }, says: () => "Serves wine" },
  { tag: "drink:whisky", test: (v) => /^(yes|served)$/.test(v), deltas: { Whiskey: 0.3 }, says: () => "Serves whisky" },
  {
    tag: "drink:whiskey",
    test: (v) => /^(yes|served)$/.test(v),
    deltas: { Whiskey: 0.3 },
    says: () => "Serves whiskey",
  },
  { tag: "microbrewery", test: (v) => v === "yes", deltas: { Social: 0.1 }, says: () => "Brews its own beer" },
  {
    tag: "theme",
    test: (v) => /tiki|pirate|speakeasy/.test(v),
    deltas: { Adventurous: 0.3 },
    says: (v) => (/speakeasy/.test(v) ? "A speakeasy" : `A ${tagWords(v)} bar`),
  },
  {
    tag: "sport",
    test: (v) => v.length > 0 && !v.split(";").every((s) => GAMES.test(s.trim())),
    deltas: { Loud: 0.15, Energetic: 0.15, Social: 0.1 },
    says: (v) =>
      `Shows sports: ${tagWords(
        v
          .split(";")
          .filter((s) => !GAMES.test(s.trim()))
          .join(";"),
      )}`,
  },
  {
    tag: "sport",
    test: (v) => v.split(";").some((s) => GAMES.test(s.trim())),
    deltas: { Social: 0.1 },
    says: (v) =>
      `Games to play: ${tagWords(
        v
          .split(";")
          .filter((s) => GAMES.test(s.trim()))
          .join(";"),
      )}`,
  },
  { tag: "amenity", test: (v) => v === "pub", deltas: { Cozy: 0.1, Social: 0.1 }, says: () => "A pub" },
  {
    tag: "amenity",
    test: (v) => v === "biergarten",
    deltas: { Social: 0.2, Relaxed: 0.1, Loud: 0.1 },
    says: () => "A beer garden",
  },
  {
    tag: "amenity",
    test: (v) => v === "music_venue",
    deltas: { "Live Music": 0.5, Loud: 0.1 },
    says: () => "A music venue",
  },
];

/** "It is a cafe": the kind of place, the category prior's evidence. */
export const categoryEvidence = (category: VenueCategory) => `It is a ${category.toLowerCase()}`;
/** 'Its name says "saloon"': a name word's evidence. */
export const nameEvidence = (word: string) => `Its name says "${word.toLowerCase()}"`;

/** "Has live music (OpenStreetMap)": what a tag says, and who says it. */
export const osmEvidence = (words: string) => `${words}${OSM}`;

/**
 * San Francisco's entertainment permits (venues/permits.ts): a licence for live performances is a
 * hint of live music, and of energy where the place is a club or entertains past 2 AM; pool tables
 * of company. Extended hours alone, arcade machines and amplified sound are no vibe.
 */
export const PERMIT_RULES: ReadonlyArray<{
  code: PermitCode;
  when?: (codes: readonly PermitCode[], category: VenueCategory) => boolean;
  deltas: Deltas;
  /** The evidence in words, when not the permit's own line (PERMIT_WORDS). */
  says?: (codes: readonly PermitCode[]) => string | undefined;
}> = [
  { code: "POE", deltas: { "Live Music": 0.3 } },
  { code: "LLP", when: (codes) => !codes.includes("POE"), deltas: { "Live Music": 0.25 } },
  {
    code: "POE",
    when: (codes, category) => category === "Club" || codes.includes("EHP"),
    deltas: { Energetic: 0.2 },
    says: (codes) => (codes.includes("EHP") ? PERMIT_LATE_WORDS : undefined),
  },
  { code: "BP", deltas: { Social: 0.2 } },
];
/** A Place of Entertainment that may also stay open from 2 to 6 AM. */
const PERMIT_LATE_WORDS = `Licensed for live entertainment until 6 AM — ${PERMIT_SOURCE}`;

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

const KNOWN_VIBES = new Set(ALL_VIBES);

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

/**
 * Loud and Quiet are one scale (issue 25): the text model's noise head answers Quiet = 1 - Loud, and
 * every other signal that raises one lowers the other by as much (karaoke, a nightclub, a sports
 * screen: louder, so less quiet; "wine", "zen" in a name: quieter, so less loud). The blend keeps
 * one log-odds move for the pair, on NOISE_SCALE.loud; a move on Quiet counts as its opposite on Loud.
 */
export const NOISE_SCALE = { loud: "Loud", quiet: "Quiet" } as const;

/** Vibes whose rate among restaurants is measured (the text model's labelled heads, on CEBaB's restaurants). */
const MEASURED_ON_RESTAURANTS = new Set(["Loud", "Quiet", "Romantic", "Cozy"]);

/**
 * A venue's starting probability for a vibe: measured where it was measured (a Restaurant's Loud,
 * Quiet, Romantic and Cozy: the text model's no-text answer, fitted on restaurants), else the
 * category profile's stated prior, else the neutral base.
 */
export function baseRate(category: VenueCategory, vibe: string): number {
  if (category === "Restaurant" && MEASURED_ON_RESTAURANTS.has(vibe)) return neutralBase(vibe);
  const profile = CATEGORY_PROFILES[category];
  // a bar kind's Quiet is its own stated prior, never the 0.68 measured on restaurants
  if (vibe === NOISE_SCALE.quiet && BAR_KINDS.has(category)) return BAR_QUIET_BASE;
  return profile[vibe] ?? neutralBase(vibe);
}

/**
 * A Bar's or a Club's Quiet before anything speaks of its noise: 0.2, a stated assumption. Few bars
 * are chosen for quiet (a wine bar, a hotel lounge); the rest of a bar's noise scale beside its Loud
 * (0.35) is "conversational" (the product's broadcast scale: Quiet / Conversational / Loud). Not the
 * 0.68 measured on restaurants, under which a bar's faintest hint of noise ("Beer Hall": Loud 0.42)
 * left it Quiet 0.58. Not in CATEGORY_PROFILES: a bar nothing says anything of noise about has no Quiet.
 */
export const BAR_QUIET_BASE = 0.2;

/** The kinds of place whose noise prior is their own (CATEGORY_PROFILES' Loud), not a restaurant's. */
const BAR_KINDS: ReadonlySet<VenueCategory> = new Set<VenueCategory>(["Bar", "Club"]);

/** "From the description", "From 3 reviews", "From the description and 2 reviews". */
function textsEvidence(reviews: number, descriptions: number): string {
  const r = `${reviews} review${reviews === 1 ? "" : "s"}`;
  if (!reviews) return "From the description";
  return descriptions ? `From the description and ${r}` : `From ${r}`;
}

/** The vibes a lexicon-v1 reading speaks of: named with a cue, or denied ("not loud"). */
function spokenIn(readings: readonly VibeAnalysis[]): Set<string> {
  const out = new Set<string>();
  for (const r of readings) {
    for (const [vibe, quotes] of Object.entries(r.evidence ?? {})) if (quotes.length) out.add(vibe);
    for (const vibe of r.negated ?? []) out.add(vibe);
  }
  return out;
}

/** Whether words that speak of `spoken` say something about `vibe`: the vibe itself, or one that contradicts it. */
const speaksOf = (spoken: ReadonlySet<string>, vibe: string) =>
  spoken.has(vibe) || [...spoken].some((other) => contradicts(vibe, other));

/** The kind of place the text model learned on (CEBaB's restaurants): elsewhere only words that name a vibe move it. */
const MODEL_DOMAIN: VenueCategory = "Restaurant";

/** Fewest and most words of a quoted phrase. */
const PHRASE_WORDS = { min: 3, max: 12 } as const;

/**
 * The words around a quote in the texts, as written: its clause, or its sentence when the clause is
 * shorter than PHRASE_WORDS.min, at most PHRASE_WORDS.max words ("…" where cut). The quote as it
 * is when no text holds it.
 */
export function phraseAround(quote: string, texts: readonly string[]): string {
  const q = quote.toLowerCase();
  for (const text of texts) {
    const at = text.toLowerCase().indexOf(q);
    if (at < 0) continue;
    const bound = (re: RegExp) => {
      let from = 0;
      for (const m of text.slice(0, at).matchAll(re)) from = (m.index ?? 0) + m[0].length;
      const rest = text.slice(at + q.length).search(re);
      return text.slice(from, rest < 0 ? text.length : at + q.length + rest).trim();
    };
    let phrase = bound(/[,;:()\n]|[.!?…]+(\s|$)/g);
    if (phrase.split(/\s+/).length < PHRASE_WORDS.min) phrase = bound(/\n|[.!?…]+(\s|$)/g);
    const words = phrase.split(/\s+/);
    if (words.length <= PHRASE_WORDS.max) return phrase;
    const before = phrase.toLowerCase().indexOf(q);
    const first = Math.max(0, phrase.slice(0, before).split(/\s+/).length - 4);
    const last = Math.min(words.length, first + PHRASE_WORDS.max);
    return `${first > 0 ? "…" : ""}${words.slice(first, last).join(" ")}${last < words.length ? "…" : ""}`;
  }
  return quote;
}

/**
 * A text's evidence for a vibe in words: 'From 2 reviews: "so loud we couldn't hear each other"'.
 * The model's quotes that speak of the vibe (lexicon-v1 reads the vibe, or one contradicting it, in
 * them), else lexicon-v1's own, each quoted with the words around it; never a lone word the model
 * weighed ("spot", "close"): without a phrase that names the vibe, "From 3 reviews, read together".
 */
function quoteEvidence(
  what: string,
  vibe: string,
  read: VibeAnalysis,
  lexical: readonly VibeAnalysis[],
  texts: readonly string[],
): string {
  let quotes = (read.evidence?.[vibe] ?? []).filter((q) => speaksOf(spokenIn([analyzeText(q)]), vibe));
  if (!quotes.length) quotes = lexical.flatMap((r) => r.evidence?.[vibe] ?? []);
  const phrases = [...new Set(quotes.map((q) => phraseAround(q, texts)))].slice(0, 2);
  // the model's reading of a restaurant's reviews as a whole, where no phrase names the vibe
  return phrases.length ? `${what}: ${phrases.map((p) => `"${p}"`).join(", ")}` : `${what}, read together`;
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
    // one noise scale: a move on Quiet is the opposite move on Loud, and makes both known
    const onScale = vibe === NOISE_SCALE.quiet || vibe === NOISE_SCALE.loud;
    const key = onScale ? NOISE_SCALE.loud : vibe;
    const dz = vibe === NOISE_SCALE.quiet ? -z : z;
    moved.set(key, (moved.get(key) ?? 0) + dz);
    if (Math.abs(z) < BLEND_MOVE_MIN) return;
    known.add(vibe);
    if (onScale) known.add(NOISE_SCALE.loud).add(NOISE_SCALE.quiet);
  };
  /** The other end of the noise scale (Loud for Quiet, Quiet for Loud), or null. */
  const opposite = (vibe: string) =>
    vibe === NOISE_SCALE.loud ? NOISE_SCALE.quiet : vibe === NOISE_SCALE.quiet ? NOISE_SCALE.loud : null;

  // 1. category prior: its evidence weighs as much as the prior's own log-odds above an even chance
  for (const [vibe, v] of Object.entries(profile))
    note(vibe, { source: "category", detail: categoryEvidence(s.category) }, Math.max(0.05, logitOf(v) + 1));

  // 2. name words (each group once)
  const padded = ` ${normalizeName(s.name).join(" ")} `;
  for (const adj of NAME_WORDS) {
    const word = adj.words.find((w) => padded.includes(w.padded))?.word;
    if (!word) continue;
    for (const [vibe, d] of Object.entries(adj.deltas)) {
      move(vibe, NAME_LOGIT * d);
      const to = d > 0 ? vibe : opposite(vibe);
      if (to) note(to, { source: "name", detail: nameEvidence(word) }, NAME_LOGIT * Math.abs(d));
    }
  }

  // 3. source attributes
  const apply = (deltas: Deltas, e: VibeEvidence) => {
    for (const [vibe, d] of Object.entries(deltas)) {
      move(vibe, ATTRIBUTE_LOGIT * d);
      const to = d > 0 ? vibe : opposite(vibe);
      if (to) note(to, e, ATTRIBUTE_LOGIT * Math.abs(d));
    }
  };
  for (const rule of OSM_RULES) {
    const value = s.osmTags?.[rule.tag];
    const v = value?.trim().toLowerCase();
    if (v !== undefined && rule.test(v)) apply(rule.deltas, { source: "osm", detail: osmEvidence(rule.says(v)) });
  }
  const permits = s.permits ?? [];
  for (const rule of PERMIT_RULES)
    if (permits.includes(rule.code) && (rule.when?.(permits, s.category) ?? true))
      apply(rule.deltas, { source: "permit", detail: rule.says?.(permits) ?? permitLine(rule.code) });
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
    const what = textsEvidence(reviews, texts.length - reviews);
    const written = texts.map((t) => t.text);
    // What the texts say in words (lexicon-v1's cues, asserted or denied). Outside restaurants, where
    // the model learned (CEBaB), a text moves a vibe only when its words speak of that vibe or of one
    // contradicting it (docs/vibe-analysis.md, "The blend").
    const lexical = written.map((t) => analyzeText(t));
    const spoken = spokenIn(lexical);
    const inDomain = s.category === MODEL_DOMAIN;
    for (const r of read.vibes) {
      const other = opposite(r.vibe);
      // the noise scale moves when the words speak of either end (the model's Quiet is 1 - Loud)
      if (!inDomain && !speaksOf(spoken, r.vibe) && !(other && speaksOf(spoken, other))) continue;
      const p0 = before.get(r.vibe) ?? neutralBase(r.vibe);
      const z = logitOf(r.confidence) - logitOf(p0);
      // the model's Quiet is the other end of its Loud: moved once, through Loud
      if (r.vibe !== NOISE_SCALE.quiet || !read.vibes.some((x) => x.vibe === NOISE_SCALE.loud)) move(r.vibe, z);
      else if (Math.abs(z) >= BLEND_MOVE_MIN) known.add(r.vibe);
      if (z >= BLEND_MOVE_MIN) {
        if (members.length) {
          alone ??= members.map((t) => analyzer([t.text]));
          const n = alone.filter((a) => (a.evidence?.[r.vibe]?.length ?? 0) > 0).length;
          // the VIBE reviews' line comes just before the texts' quotes: the freshest word on the vibe
          if (n) note(r.vibe, { source: "review", detail: memberReviewEvidence(n, r.vibe) }, z + 0.001);
        }
        note(r.vibe, { source: "text", detail: quoteEvidence(what, r.vibe, read, lexical, written) }, z);
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

  // 6. votes of VIBE's people: Yes and No, each decayed like a VIBE review
  const tally = new Map<string, { y: number; n: number; yes: number; no: number; oldest: number }>();
  for (const v of s.votes ?? []) {
    const w = memberWeight(v.time, now);
    if (w <= 0 || !KNOWN_VIBES.has(v.vibe)) continue;
    const t = tally.get(v.vibe) ?? tally.set(v.vibe, { y: 0, n: 0, yes: 0, no: 0, oldest: 0 }).get(v.vibe)!;
    if (v.yes) {
      t.y += w;
      t.yes++;
    } else {
      t.n += w;
      t.no++;
    }
    t.oldest = Math.max(t.oldest, ageDays(v.time, now));
  }
  const beforeVotes = new Map(moved);
  for (const [vibe, t] of tally) {
    const z = (VOTE_LOGIT * (t.y - t.n)) / Math.max(1, t.y + t.n) ** (1 - VOTE_GAMMA);
    move(vibe, z);
    note(vibe, { source: "vote", detail: voteEvidence(t.yes, t.no, vibe, t.oldest) }, Math.abs(z) + 0.002);
  }

  /** A vibe's log-odds move in `m` (Quiet: the opposite of the noise scale's). */
  const zOf = (m: ReadonlyMap<string, number>, vibe: string) =>
    vibe === NOISE_SCALE.quiet ? -(m.get(NOISE_SCALE.loud) ?? 0) : (m.get(vibe) ?? 0);
  const facts = { category: s.category, name: s.name, osmTags: s.osmTags, permits };
  /** The vibes the venue's own facts make likely (likely.ts), whatever it is confirmed for. */
  const plausible = tally.size ? new Set(likelyVibes(facts).map((l) => l.vibe)) : new Set<string>();
  const vibeScores: Record<string, number> = {};
  for (const vibe of [...known].sort((a, b) => collator.compare(a, b))) {
    let before = logitOf(baseRate(s.category, vibe)) + zOf(beforeVotes, vibe);
    const votes = zOf(moved, vibe) - zOf(beforeVotes, vibe);
    // a Yes on a vibe the venue's facts make likely counts from at least LIKELY_PLAUSIBLE: one confirms it
    if (votes > 0 && plausible.has(vibe)) before = Math.max(before, logit(LIKELY_PLAUSIBLE));
    vibeScores[vibe] = round2(clampP(sigmoid(before + votes)));
  }
  const out: Record<string, VibeEvidence[]> = {};
  for (const vibe of Object.keys(vibeScores)) {
    const list = (evidence.get(vibe) ?? []).sort((a, b) => b.weight - a.weight).map((x) => x.e);
    const seen = new Set<string>();
    const kept = list.filter((e) => !seen.has(e.detail) && seen.add(e.detail));
    if (kept.length) out[vibe] = kept;
  }
  const detectedVibes = detectedVibesFrom(vibeScores);
  const downVoted = [...tally].filter(([, t]) => t.n >= t.y).map(([vibe]) => vibe);
  const likely = likelyVibes(facts, detectedVibes, downVoted);
  return { method: BLEND_METHOD, vibeScores, detectedVibes, evidence: out, likely };
}

/** Vibe readings sorted strongest first (helper for analyzers). */
export const strongestFirst = (list: VibeReading[]) =>
  [...list].sort((a, b) => b.confidence - a.confidence || a.vibe.localeCompare(b.vibe));
