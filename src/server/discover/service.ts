import { KM_PER_MILE } from "@shared/vocabulary";
import type { z } from "zod";
import type { naturalLanguageBody, NaturalLanguageResult } from "@shared/contracts/discover";
import { liveFit, presentLatestUpdate } from "../live/crowd";
import { loadVenueState } from "../venues/live-state";
import { presentVenue, type VenueRow } from "../venues/queries";
import { matchScore, proximity } from "../venues/ranking";
import { venuesNear, type VenueReader } from "../venues/service";
import { attributeFit } from "./attributes";
import { categoryValues, interpretQuery } from "./interpret";
import { venueSources, venueTexts } from "./queries";

const CANDIDATES = 300;
const PER_TERM_CANDIDATES = 100;
const NEAREST_CANDIDATES = 150;
/** Word similarity a venue's text needs to count as containing a search term. */
const TEXT_MATCH = 0.6;

/**
 * The answer of POST /api/discover/natural-language: interpret the query (interpret.ts), gather candidates
 * inside the radius (the nearest that fit the vibes and category, plus the nearest whose text
 * contains each search term), then rank them by
 *   vibe fit 0.4 (with a fresh live vibe counted in), attribute fit 0.25, text relevance 0.25
 *   (pg_trgm word similarity of the search terms to name, description and reviews), and
 *   nearness 0.15, over the parts the query used. Categories the query names are a filter.
 */
export async function naturalLanguageSearch(
  reader: VenueReader,
  body: z.infer<typeof naturalLanguageBody>,
  userId?: string | null,
): Promise<NaturalLanguageResult> {
  const { db } = reader;
  const interpretation = interpretQuery(body.query);
  const { vibes, attributes, searchTerms } = interpretation;
  const categories = categoryValues(interpretation);
  const radiusMeters = body.radius * KM_PER_MILE * 1000;
  const base = { latitude: body.latitude, longitude: body.longitude, radiusMeters };

  const category = categories.length === 1 ? categories[0] : undefined;
  // "open now" and "open late" are filters by the venues' real hours (venues/hours.ts), at one instant
  const now = new Date();
  const hours = {
    openAt: attributes.includes("open_now") ? now : undefined,
    openLateAt: attributes.includes("late_night") ? now : undefined,
  };
  const batches = await Promise.all([
    venuesNear(reader, { ...base, vibes, category, ...hours, limit: CANDIDATES }),
    // the nearest whatever their vibes, for attributes a source states outright
    ...(vibes.length && attributes.length
      ? [venuesNear(reader, { ...base, category, ...hours, limit: NEAREST_CANDIDATES })]
      : []),
    ...searchTerms
      .slice(0, 3)
      .map((term) => venuesNear(reader, { ...base, search: term, ...hours, limit: PER_TERM_CANDIDATES })),
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
      text: text?.doc ?? "",
    };
    const attrFit = attributes.length
      ? attributes.reduce((sum, a) => sum + attributeFit(a, facts), 0) / attributes.length
      : null;
    const textFit = searchTerms.length ? Number(text?.sim ?? 0) : null;
    const parts: [number, number | null][] = [
      [0.4, vibeFit],
      [0.25, attrFit],
      [0.25, textFit],
      [0.15, proximity(r.meters ?? radiusMeters, radiusMeters)],
    ];
    const used = parts.filter(([, v]) => v !== null) as [number, number][];
    const score = used.reduce((s, [w, v]) => s + w * v, 0) / used.reduce((s, [w]) => s + w, 0);
    const fitsVibe =
      !vibes.length || vibes.some((v) => r.detected_vibes.includes(v) || (l?.currentVibes.includes(v) ?? false));
    // A venue must answer the query: fit a vibe it asks for, have an attribute it asks for, or
    // contain its words; a query of only unknown words is a name search.
    const textMatch = (textFit ?? 0) >= TEXT_MATCH;
    const relevant =
      (fitsVibe || textMatch || (attrFit ?? 0) >= 0.75) &&
      (vibes.length || attributes.length || categories.length ? true : textMatch);
    return { r, l, score, relevant };
  });

  const venues = scored
    .filter((x) => x.relevant)
    .sort((a, b) => b.score - a.score || (a.r.meters ?? 0) - (b.r.meters ?? 0))
    .slice(0, body.limit)
    .map(({ r, l, score }) => {
      const v = presentVenue({ ...r, is_favorite: favorites.has(r.id) }, Math.round(score * 100) / 100, now);
      if (l) v.latestUpdate = presentLatestUpdate(l);
      return v;
    });
  return { venues, interpretation };
}
