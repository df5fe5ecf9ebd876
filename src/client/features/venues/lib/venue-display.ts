import { DIRECTIONS_URL } from "@client/features/venues/texts";
import { LIMITS, VIBE_TAG_MIN_SCORE } from "@shared/vocabulary";
import { VENUE_API } from "@client/lib/api-paths";
import type { Venue } from "@shared/contracts/venues";
import { vibeTags } from "@shared/vibe-tags";

const hasNumber = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n);

/** A venue's rating as shown: a source's own figure, or nothing (the card then says "No ratings yet"). */
export interface RatingShown {
  /** "4.3" */
  text: string;
  /** "1,200", or null when the source gave no count. */
  count: string | null;
  /** Who rated it ("Google"). */
  source: string;
}

/**
 * The venue's real rating, or null. The spec's fallbacks (FALLBACKS: 4.8, 142 reviews) are never
 * shown as figures: a sighted person reads a muted "4.8 (142)" as a rating (issue 15).
 */
export function ratingShown(venue: Pick<Venue, "rating" | "reviewCount" | "ratingSource">): RatingShown | null {
  if (!hasNumber(venue.rating)) return null;
  return {
    text: venue.rating.toFixed(1),
    count: hasNumber(venue.reviewCount) ? venue.reviewCount.toLocaleString("en-US") : null,
    source: venue.ratingSource?.trim() || "a source",
  };
}

/**
 * Miles to show ("2.4"), or null: when the server gave none, or when the distance is measured
 * from the default point because the person's position is unknown (`positionKnown` false), which
 * would read as theirs. Never the spec's fallback 0.8.
 */
export function distanceShown(venue: Pick<Venue, "distance">, positionKnown: boolean): string | null {
  if (!positionKnown) return null;
  const d = venue.distance?.trim();
  return d && Number.isFinite(Number.parseFloat(d)) ? d : null;
}

/**
 * The src for a venue or photo image. The CSP allows images from this origin only, so remote
 * http(s) images go through the server's proxy; same-origin paths and data: URLs are used as they
 * are; anything else (or nothing) gives null, and the caller shows the fallback photo.
 */
export function imageSrc(url: string | null | undefined): string | null {
  const u = url?.trim();
  if (!u) return null;
  if (/^https?:\/\//i.test(u)) return `${VENUE_API.proxyImage}?url=${encodeURIComponent(u)}`;
  if (u.startsWith("/") && !u.startsWith("//")) return u;
  if (/^data:image\//i.test(u)) return u;
  return null;
}

/** Spec 9: at most 3 current vibes; the live broadcast's vibes when there are any, else the card tags. */
export function detailsVibes(venue: Pick<Venue, "latestUpdate" | "vibeScores">): string[] {
  const live = venue.latestUpdate?.currentVibes ?? [];
  return live.length
    ? [...new Set(live)].slice(0, LIMITS.detailsCurrentVibes)
    : vibeTags(venue.vibeScores, LIMITS.detailsCurrentVibes);
}

/** Every vibe a venue is known for: detected, scored at least 0.2, or broadcast live. */
export function venueVibes(venue: Pick<Venue, "detectedVibes" | "vibeScores" | "latestUpdate">): string[] {
  const scored = Object.entries(venue.vibeScores ?? {})
    .filter(([, s]) => typeof s === "number" && s >= VIBE_TAG_MIN_SCORE)
    .map(([v]) => v);
  return [...new Set([...(venue.detectedVibes ?? []), ...scored, ...(venue.latestUpdate?.currentVibes ?? [])])];
}

/** Spec 2: an external maps directions page to the venue's latitude and longitude. */
export function directionsUrl(venue: Pick<Venue, "latitude" | "longitude">): string {
  return `${DIRECTIONS_URL}${venue.latitude},${venue.longitude}`;
}

/** A tel: link from a displayed phone number, or null when it holds no digits. */
export function telHref(phone: string | null | undefined): string | null {
  const cleaned = (phone ?? "").replace(/[^\d+]/g, "");
  return /\d/.test(cleaned) ? `tel:${cleaned}` : null;
}

/** Only http(s) websites become links (never javascript: or other schemes from the data). */
export function safeWebsite(url: string | null | undefined): string | null {
  const u = url?.trim();
  if (!u) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(u) ? u : `https://${u}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A review's time: ISO dates as a short date, anything else ("2 weeks ago") as given. */
export function reviewTime(time: string | null | undefined): string | null {
  const t = time?.trim();
  if (!t) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) {
    const date = new Date(t);
    if (!Number.isNaN(date.getTime()))
      return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
  }
  return t;
}
