import type { Attribute } from "./interpret";

/** What is known about a venue that bears on the attributes a query can ask for. */
export interface VenueFacts {
  category: string;
  vibeScores: Record<string, number>;
  osmTags: Record<string, string>;
  google: Record<string, unknown>;
  hours: string[];
  /** Description and reviews, lower-case. */
  text: string;
}

const yes = (v: unknown) =>
  v === true || (typeof v === "string" && /^(yes|true|designated|wlan|wifi|free|customers)$/i.test(v));
const no = (v: unknown) => v === false || (typeof v === "string" && /^(no|false)$/i.test(v));

/** Closing at or after midnight ("01:00", "1:00 AM", "24/7", "Open 24 hours"). */
const LATE_HOURS = /24\/7|open 24 hours|[-–]\s*(0?[0-4]:\d\d(?!\s*pm)|0?[0-4]:\d\d\s*am|12:\d\d\s*am|2[4-9]:\d\d)/i;

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
      if ([f.osmTags.opening_hours ?? "", ...f.hours].some((h) => LATE_HOURS.test(h))) return 1;
      return f.category === "Club" ? 0.8 : f.category === "Bar" ? 0.5 : 0;
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
