import { isOpenAt, isOpenLate } from "../venues/hours";
import type { Attribute } from "./interpret";

/** What is known about a venue that bears on the attributes a query can ask for. */
export interface VenueFacts {
  category: string;
  vibeScores: Record<string, number>;
  osmTags: Record<string, string>;
  google: Record<string, unknown>;
  hours: string[];
  /** OpenStreetMap opening_hours (venues/hours.ts reads it), or null. */
  openingHours: string | null;
  /** The time of the query, for open_now and late_night. */
  now: Date;
  /** Description and reviews, lower case, accents stripped (the name is not in it). */
  text: string;
  /** The venue's name, lower case, accents stripped. */
  name?: string;
}

/** A Google weekday line closing at or after midnight ("Friday: 5:00 PM – 1:30 AM", "Open 24 hours"). */
const GOOGLE_LATE = /open 24 hours|[-–]\s*(0?[0-4]:\d\d\s*am|12:\d\d\s*am)/i;

/** Attributes that only real opening hours can tell: a venue without them does not have them. */
export const HOURS_ATTRIBUTES: readonly Attribute[] = ["open_now", "late_night"];

/** Attributes about price: most venues' sources say nothing of it, so they rank, never select. */
export const PRICE_ATTRIBUTES: readonly Attribute[] = ["price_budget", "price_upscale"];

const yes = (v: unknown) =>
  v === true || (typeof v === "string" && /^(yes|true|designated|wlan|wifi|free|customers)$/i.test(v));
const no = (v: unknown) => v === false || (typeof v === "string" && /^(no|none|false)$/i.test(v));

/**
 * A feature the data can answer (issue 26): the OpenStreetMap tags that state it, and the words
 * of a venue's texts (description, reviews) and, where a name can say it, of its name. A tag
 * rule with a `value` pattern counts when the tag's value matches it (case-insensitive); without
 * one, any value but no/none/false counts, and no/none/false states its absence. Patterns use only
 * what JavaScript's and PostgreSQL's regular expressions read alike (letters, ^ $ | (?: ) ;), so
 * the same rule picks the candidates in SQL (queries.ts featureCandidates) and scores them here.
 */
export interface FeatureEvidence {
  tags: { key: string; value?: string }[];
  /** Words and phrases (lower case, no accents) in the description or reviews. */
  text: string[];
  /** Words and phrases of a name that say it; none for a feature a name cannot tell ("Trick Dog"). */
  name?: string[];
}

export const FEATURE_EVIDENCE: Partial<Record<Attribute, FeatureEvidence>> = {
  rooftop: {
    tags: [{ key: "rooftop" }, { key: "outdoor_seating", value: "roof" }],
    text: ["rooftop", "rooftops", "roof top", "roof deck", "roof terrace", "roof garden"],
    name: ["rooftop", "roof top", "roof deck", "roof garden"],
  },
  view: {
    tags: [{ key: "tourism", value: "^viewpoint$" }],
    text: ["view", "views", "skyline", "panoramic", "panorama", "vista", "vistas", "scenic"],
    name: ["view", "views", "skyline", "vista"],
  },
  outdoor_seating: {
    tags: [{ key: "outdoor_seating" }, { key: "amenity", value: "^biergarten$" }, { key: "beer_garden" }],
    text: ["patio", "outdoor", "outdoors", "terrace", "rooftop", "sidewalk", "parklet", "beer garden", "al fresco"],
    name: ["beer garden", "biergarten", "patio", "terrace"],
  },
  dog_friendly: {
    tags: [{ key: "dog" }],
    text: ["dog friendly", "dog-friendly", "dogs welcome", "dogs allowed", "bring your dog", "pet friendly"],
  },
  live_music: {
    tags: [{ key: "live_music" }, { key: "amenity", value: "^music_venue$" }],
    text: ["live music", "live band", "live bands", "live jazz", "open mic", "concert", "concerts"],
    name: ["live music", "live jazz", "jazz club", "music hall"],
  },
  karaoke: {
    tags: [{ key: "karaoke" }, { key: "amenity", value: "^karaoke_box$" }],
    text: ["karaoke"],
    name: ["karaoke"],
  },
  pool_table: {
    tags: [{ key: "sport", value: "billiards|snooker|pool" }, { key: "billiards" }],
    text: ["pool table", "pool tables", "pool", "billiards", "billiard", "snooker"],
    name: ["billiards", "billiard", "pool hall"],
  },
  brunch: {
    tags: [{ key: "brunch" }, { key: "cuisine", value: "brunch|breakfast" }],
    text: ["brunch"],
    name: ["brunch"],
  },
  happy_hour: {
    tags: [{ key: "happy_hours" }],
    text: ["happy hour", "happy hours"],
  },
  cocktails: {
    tags: [{ key: "cocktails" }, { key: "drink:cocktail" }],
    text: ["cocktail", "cocktails", "mixology"],
    name: ["cocktail", "cocktails"],
  },
  wine: {
    tags: [{ key: "drink:wine" }, { key: "wine" }, { key: "bar", value: "^wine$" }, { key: "cuisine", value: "wine" }],
    text: ["wine", "wines", "wine list"],
    name: ["wine", "wines", "vino", "enoteca"],
  },
  vegan: {
    tags: [
      { key: "diet:vegan", value: "^(yes|only)$" },
      { key: "cuisine", value: "vegan" },
    ],
    text: ["vegan", "plant based", "plant-based"],
    name: ["vegan"],
  },
  vegetarian: {
    tags: [
      { key: "diet:vegetarian", value: "^(yes|only)$" },
      { key: "diet:vegan", value: "^(yes|only)$" },
      { key: "cuisine", value: "vegetarian|vegan" },
    ],
    text: ["vegetarian", "veggie", "vegan"],
    name: ["vegetarian", "veggie", "vegan"],
  },
  gluten_free: {
    tags: [{ key: "diet:gluten_free", value: "^(yes|only)$" }],
    text: ["gluten free", "gluten-free", "celiac"],
    name: ["gluten free", "gluten-free"],
  },
  halal: {
    tags: [{ key: "diet:halal", value: "^(yes|only)$" }],
    text: ["halal"],
    name: ["halal"],
  },
  kosher: {
    tags: [{ key: "diet:kosher", value: "^(yes|only)$" }],
    text: ["kosher"],
    name: ["kosher"],
  },
};

/** A word-list pattern: whole words, `\b` for JavaScript, `\y` for PostgreSQL. */
export const wordPattern = (alternatives: readonly string[], boundary: "\\b" | "\\y") =>
  `${boundary}(?:${alternatives.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})${boundary}`;

const compiled = new Map<string, RegExp>();
const regex = (source: string, flags = "") => {
  let re = compiled.get(flags + source);
  if (!re) compiled.set(flags + source, (re = new RegExp(source, flags)));
  return re;
};

/**
 * How a venue has a feature of FEATURE_EVIDENCE: 1 when a tag states it, 0 when a tag denies it,
 * 0.8 when its name says it, 0.7 when its description or reviews do; null when nothing says.
 */
function featureEvidence(e: FeatureEvidence, f: VenueFacts): number | null {
  let denied = false;
  for (const rule of e.tags) {
    const value = f.osmTags[rule.key];
    if (value === undefined) continue;
    if (rule.value !== undefined) {
      if (regex(rule.value, "i").test(value)) return 1;
    } else if (no(value)) denied = true;
    else return 1;
  }
  if (denied) return 0;
  if (e.name && f.name && regex(wordPattern(e.name, "\\b")).test(f.name)) return 0.8;
  if (regex(wordPattern(e.text, "\\b")).test(f.text)) return 0.7;
  return null;
}

/**
 * How well a venue has an attribute, 0..1: a source stating it outright counts 1 (and stating
 * its absence 0); otherwise softer evidence (its name, review words, vibe scores, category) counts less.
 */
export function attributeFit(attribute: Attribute, f: VenueFacts): number {
  const price = typeof f.google.priceLevel === "string" ? f.google.priceLevel : null;
  switch (attribute) {
    case "live_music":
      if (f.google.liveMusic === true) return 1;
      return featureEvidence(FEATURE_EVIDENCE.live_music!, f) ?? Math.min(1, f.vibeScores["Live Music"] ?? 0);
    case "outdoor_seating":
      if (f.google.outdoorSeating === true) return 1;
      if (f.google.outdoorSeating === false) return 0;
      return featureEvidence(FEATURE_EVIDENCE.outdoor_seating!, f) ?? 0;
    case "dog_friendly":
      if (f.google.allowsDogs === true) return 1;
      if (f.google.allowsDogs === false) return 0;
      return featureEvidence(FEATURE_EVIDENCE.dog_friendly!, f) ?? 0;
    case "wifi":
      if (yes(f.osmTags.internet_access)) return 1;
      if (no(f.osmTags.internet_access)) return 0;
      if (/\b(wifi|wi-fi|laptop|outlets)\b/.test(f.text)) return 0.7;
      return 0.6 * (f.vibeScores.Focused ?? 0);
    case "late_night":
      // open after midnight tonight, by the venue's OSM hours; else Google's week closing after
      // midnight on some day; no hours, no claim (a category is not an hour)
      if (f.openingHours) return isOpenLate(f.openingHours, f.now) ? 1 : 0;
      return f.hours.some((h) => GOOGLE_LATE.test(h)) ? 1 : 0;
    case "open_now":
      return isOpenAt(f.openingHours, f.now) ? 1 : 0;
    case "happy_hour":
      return featureEvidence(FEATURE_EVIDENCE.happy_hour!, f) === null ? (f.category === "Bar" ? 0.3 : 0) : 1;
    case "price_budget":
      if (price === "PRICE_LEVEL_FREE" || price === "PRICE_LEVEL_INEXPENSIVE") return 1;
      if (price === "PRICE_LEVEL_MODERATE") return 0.5;
      if (price) return 0;
      return /\b(cheap|affordable|inexpensive|budget)\b/.test(f.text) ? 0.7 : 0.3;
    case "price_upscale":
      if (price === "PRICE_LEVEL_EXPENSIVE" || price === "PRICE_LEVEL_VERY_EXPENSIVE") return 1;
      if (price === "PRICE_LEVEL_MODERATE") return 0.4;
      if (price) return 0;
      return /\b(upscale|fancy|fine dining|elegant|pricey)\b/.test(f.text) ? 0.7 : 0.3;
    default: {
      const evidence = FEATURE_EVIDENCE[attribute];
      return evidence ? (featureEvidence(evidence, f) ?? 0) : 0;
    }
  }
}
