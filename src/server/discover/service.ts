import { KM_PER_MILE } from "@shared/vocabulary";
import type { z } from "zod";
import type { naturalLanguageBody, NaturalLanguageResult } from "@shared/contracts/discover";
import { liveFit, presentLatestUpdate } from "../live/crowd";
import { loadVenueState } from "../venues/live-state";
import { presentVenue, type VenueRow } from "../venues/queries";
import { matchScore, proximity } from "../venues/ranking";
import { venuesNear, type VenueReader } from "../venues/service";
import { isOpenAt, isOpenLate } from "../venues/hours";
import { attributeFit, FEATURE_EVIDENCE, HOURS_ATTRIBUTES, PRICE_ATTRIBUTES, wordPattern } from "./attributes";
import { type Attribute, categoryValues, interpretQuery } from "./interpret";
import { featureCandidates, venueSources, venueTexts } from "./queries";

const CANDIDATES = 300;
const PER_TERM_CANDIDATES = 100;
const NEAREST_CANDIDATES = 150;
const FEATURE_CANDIDATES = 150;
/** A feature's fit (attributeFit) that counts as a sign of it: a tag, the name or a text saying it. */
const FEATURE_SIGN = 0.5;
/** Word similarity a venue's text needs to count as containing a search term. */
const TEXT_MATCH = 0.6;

/**
 * The answer of POST /api/discover/natural-language: interpret the query (interpret.ts), gather candidates
 * inside the radius (the nearest that fit the vibes and category, the nearest with a sign of a
 * feature asked for, plus the nearest whose text contains each search term), then rank them by
 *   vibe fit 0.4 (with a fresh live vibe counted in), attribute fit 0.25, text relevance 0.25
 *   (pg_trgm word similarity of the search terms to name, description and reviews), and
 *   nearness 0.15, over the parts the query used. Categories the query names are a filter.
 *
 * A venue is in the answer when it answers something the query asks: a vibe it asks for, a sign
 * of a feature it asks for (rooftop, view, karaoke…: a tag, its name or its texts say it), or its
 * words; a query that asks only for a category, a price or hours lists that category's venues.
 */
export async function naturalLanguageSearch(
  reader: VenueReader,
  body: z.infer<typeof naturalLanguageBody>,
  userId: string | null | undefined,
  /** the instant opening hours are read at: "open now", "open late" and the cards' status (ctx.clock()) */
  now: Date,
): Promise<NaturalLanguageResult> {
  const { db } = reader;
  const interpretation = interpretQuery(body.query);
  const { vibes, attributes, searchTerms } = interpretation;
  const categories = categoryValues(interpretation);
  const radiusMeters = body.radius * KM_PER_MILE * 1000;
  const base = { latitude: body.latitude, longitude: body.longitude, radiusMeters };

  const category = categories.length === 1 ? categories[0] : undefined;
  // "open now" and "open late" are filters by the venues' real hours (venues/hours.ts), at one instant
  const hours = {
    openAt: attributes.includes("open_now") ? now : undefined,
    openLateAt: attributes.includes("late_night") ? now : undefined,
  };
  const features = attributes.filter((a) => FEATURE_EVIDENCE[a]);
  const batches = await Promise.all([
    venuesNear(reader, { ...base, vibes, category, ...hours, limit: CANDIDATES }),
    // the nearest whatever their vibes, for attributes a source states outright
    ...(vibes.length && attributes.length
      ? [venuesNear(reader, { ...base, category, ...hours, limit: NEAREST_CANDIDATES })]
      : []),
    ...searchTerms
      .slice(0, 3)
      .map((term) => venuesNear(reader, { ...base, search: term, ...hours, limit: PER_TERM_CANDIDATES })),
    // the nearest with a sign of a feature asked for, whatever their vibes
    ...(features.length ? [withSigns(db, base, features, hours)] : []),
  ]);
  const byId = new Map<number, VenueRow>();
  for (const row of batches.flat()) byId.set(row.id, row);
  let rows = [...byId.values()];
  if (categories.length) rows = rows.filter((r) => categories.includes(r.category));
  const ids = rows.map((r) => r.id);

  const [sources, texts, state] = await Promise.all([
    venueSources(db, ids),
    venueTexts(db, ids, searchTerms),
    loadVenueState(reader, ids, userId),
  ]);
  const { live, favorites } = state;
  const textOf = new Map(texts.map((t) => [t.id, t]));
  const sourcesOf = new Map<number, { osm: Record<string, string>; google: Record<string, unknown> }>();
  for (const s of sources) {
    const entry = sourcesOf.get(s.venue_id) ?? { osm: {}, google: {} };
    if (s.source === "osm") Object.assign(entry.osm, (s.data.tags as Record<string, string>) ?? {});
    if (s.source === "google") Object.assign(entry.google, s.data);
    sourcesOf.set(s.venue_id, entry);
  }

  const asks = vibes.length > 0 || searchTerms.length > 0 || attributes.some(isFeature);
  const scored = rows.map((r) => {
    const l = live.get(r.id) ?? null;
    const src = sourcesOf.get(r.id) ?? { osm: {}, google: {} };
    const text = textOf.get(r.id);
    const vibeFit = vibes.length ? liveFit(matchScore(r.vibe_scores, vibes), l, vibes) : null;
    const facts = {
      category: r.category,
      vibeScores: r.vibe_scores,
      osmTags: src.osm,
      google: src.google,
      hours: r.hours ?? [],
      openingHours: r.opening_hours,
      now,
      text: text?.body ?? "",
      name: text?.name ?? "",
    };
    const fits = attributes.map((a) => ({ a, fit: attributeFit(a, facts) }));
    const attrFit = fits.length ? fits.reduce((sum, f) => sum + f.fit, 0) / fits.length : null;
    const textFit = searchTerms.length ? Number(text?.sim ?? 0) : null;
    const parts: [number, number | null][] = [
      [0.4, vibeFit],
      [0.25, attrFit],
      [0.25, textFit],
      [0.15, proximity(r.meters ?? radiusMeters, radiusMeters)],
    ];
    const used = parts.filter(([, v]) => v !== null) as [number, number][];
    const score = used.reduce((s, [w, v]) => s + w * v, 0) / used.reduce((s, [w]) => s + w, 0);
    const fitsVibe = vibes.some((v) => r.detected_vibes.includes(v) || (l?.currentVibes.includes(v) ?? false));
    // A venue must answer the query: fit a vibe it asks for, show a sign of a feature it asks
    // for, or contain its words; a query of only unknown words is a name search. A query asking
    // only for a category, a price or hours lists that category's venues (price ranks them).
    const textMatch = (textFit ?? 0) >= TEXT_MATCH;
    const hasFeature = fits.some(({ a, fit }) => isFeature(a) && fit >= FEATURE_SIGN);
    const relevant = !asks || fitsVibe || textMatch || hasFeature;
    return { r, l, score, relevant };
  });

  const venues = scored
    .filter((x) => x.relevant)
    .sort((a, b) => b.score - a.score || (a.r.meters ?? 0) - (b.r.meters ?? 0))
    .slice(0, body.limit)
    .map(({ r, l, score }) => {
      const v = presentVenue({ ...r, is_favorite: favorites.has(r.id) }, now, Math.round(score * 100) / 100);
      if (l) v.latestUpdate = presentLatestUpdate(l);
      return v;
    });
  return { venues, interpretation };
}

/** An attribute a venue shows signs of (not a price, which most sources do not state, nor hours, a filter). */
const isFeature = (a: Attribute) => !PRICE_ATTRIBUTES.includes(a) && !HOURS_ATTRIBUTES.includes(a);

/** featureCandidates for every feature asked for at once, kept to those open when the query says so. */
async function withSigns(
  db: VenueReader["db"],
  base: { latitude: number; longitude: number; radiusMeters: number },
  features: readonly Attribute[],
  hours: { openAt?: Date; openLateAt?: Date },
): Promise<VenueRow[]> {
  const evidence = features.map((a) => FEATURE_EVIDENCE[a]!);
  const names = evidence.flatMap((e) => e.name ?? []);
  const rows = await featureCandidates(db, {
    ...base,
    tags: evidence.flatMap((e) => e.tags),
    name: names.length ? wordPattern(names, "\\y") : null,
    text: wordPattern(
      evidence.flatMap((e) => e.text),
      "\\y",
    ),
    limit: FEATURE_CANDIDATES,
  });
  return rows.filter(
    (r) =>
      (!hours.openAt || isOpenAt(r.opening_hours, hours.openAt)) &&
      (!hours.openLateAt || isOpenLate(r.opening_hours, hours.openLateAt)),
  );
}
