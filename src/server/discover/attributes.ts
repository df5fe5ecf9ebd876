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
  /** Description and reviews, lower-case. */
  text: string;
}

/** A Google weekday line closing at or after midnight ("Friday: 5:00 PM – 1:30 AM", "Open 24 hours"). */
const GOOGLE_LATE = /open 24 hours|[-–]\s*(0?[0-4]:\d\d\s*am|12:\d\d\s*am)/i;

/** Attributes that only real opening hours can tell: a venue without them does not have them. */
export const HOURS_ATTRIBUTES: readonly Attribute[] = ["open_now", "late_night"];

const yes = (v: unknown) =>
  v === true || (typeof v === "string" && /^(yes|true|designated|wlan|wifi|free|customers)$/i.test(v));
const no = (v: unknown) => v === false || (typeof v === "string" && /^(no|false)$/i.test(v));

/**
 * How well a venue has an attribute, 0..1: a source stating it outright counts 1 (and stating
 * its absence 0); otherwise softer evidence (review words, vibe scores, category) counts less.
 */
export function attributeFit(attribute: Attribute, f: VenueFacts): number {
  const price = typeof f.google.priceLevel === "string" ? f.google.priceLevel : null;
  switch (attribute) {
    case "live_music":
      if (yes(f.osmTags.live_music) || f.google.liveMusic === true) return 1;
      return Math.min(1, f.vibeScores["Live Music"] ?? 0);
    case "outdoor_seating":
      if (yes(f.osmTags.outdoor_seating) || f.google.outdoorSeating === true) return 1;
      if (no(f.osmTags.outdoor_seating) || f.google.outdoorSeating === false) return 0;
      return /\b(patio|outdoor|terrace|rooftop|sidewalk)\b/.test(f.text) ? 0.7 : 0;
    case "dog_friendly":
      if (yes(f.osmTags.dog) || f.google.allowsDogs === true) return 1;
      if (no(f.osmTags.dog) || f.google.allowsDogs === false) return 0;
      return /\b(dog|dogs|pup|puppy)\b/.test(f.text) ? 0.6 : 0;
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
      if (/happy hour/.test(f.text)) return 1;
      return f.category === "Bar" ? 0.3 : 0;
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
  }
}
