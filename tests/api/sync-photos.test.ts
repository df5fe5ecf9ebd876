import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client";
import type { SourcePlace } from "../../src/server/providers/venue-source";
import { writeSourcePlaces } from "../../src/server/venues/sync";
import type { PhotoAnalyzer } from "../../src/server/venues/sync-photos";
import { analyzeVenueTexts } from "../../src/server/vibes/model";
import type { VibeAnalysis } from "../../src/server/vibes/types";
import { staticSource } from "../fakes/synthetic-places";
import { openTestDb } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * A sync stores what it read of each photo (venue_photo_vibes) and counts the stored readings in
 * every later blend: a sync whose photo budget is spent (or that reads no photos) blends the same
 * photos as the one before it, instead of flip-flopping.
 */
const AREA = { latitude: -33.91, longitude: 18.42, radius: 500 }; // no seed venues
const cozyPhoto: VibeAnalysis = {
  method: "image-stats-v1",
  vibes: [{ vibe: "Cozy", confidence: 0.9 }],
  evidence: { Cozy: ["dim, warm light (brightness 0.12, warmth +0.22)"] },
};

describe.each(dbTargets())("stored photo analyses on %s", (target) => {
  let db: Db;
  const id = `google:photo-test-${process.pid}`;
  const url = `https://photos.example/${process.pid}/1.jpg`;
  const place = (photos: string[]): SourcePlace => ({
    source: "google",
    externalId: id,
    name: "Photo Test Bar",
    category: "Bar",
    latitude: AREA.latitude,
    longitude: AREA.longitude,
    address: null,
    phone: null,
    website: null,
    hours: [],
    description: null,
    rating: null,
    reviewCount: null,
    imageUrl: null,
    photos: photos.map((u) => ({ url: u, attribution: null })),
    reviews: [],
    attribution: "Google Maps",
    raw: { id, photos },
  });
  let current = place([url]);
  const source = staticSource(
    "google",
    () => [current],
    () => current,
  );
  const asked: string[] = [];
  const analyzePhoto: PhotoAnalyzer = async (u) => (asked.push(u), cozyPhoto);
  const sync = (opts: Parameters<typeof writeSourcePlaces>[4] = {}) =>
    writeSourcePlaces(db, [[current]], AREA, [source], { analyzeTexts: analyzeVenueTexts, ...opts });
  const venue = async () =>
    (
      await db.query<{ id: number; vibe_scores: Record<string, number>; vibe_evidence: Record<string, unknown[]> }>(
        "SELECT id, vibe_scores, vibe_evidence FROM venues WHERE external_id = $1",
        [id],
      )
    )[0];
  const stored = () =>
    db.query<{ url: string; analysis: VibeAnalysis }>(
      "SELECT url, analysis FROM venue_photo_vibes pv JOIN venues v ON v.id = pv.venue_id WHERE v.external_id = $1",
      [id],
    );

  beforeAll(async () => {
    db = await openTestDb(target, { ownDatabase: true });
  });
  afterAll(async () => db?.close());

  it("stores each photo's analysis and keeps counting it when a later sync reads no photos", async () => {
    await sync({ analyzePhoto });
    const first = await venue();
    expect(asked).toEqual([url]);
    expect(await stored()).toEqual([{ url, analysis: cozyPhoto }]);
    expect(first.vibe_evidence.Cozy).toContainEqual({
      source: "photo",
      detail: `Photo: ${cozyPhoto.evidence!.Cozy[0]}`,
    });

    // a second sync with no photo budget at all: the photo still counts, and is not fetched again
    await sync({ analyzePhoto, photoLimits: { budgetMs: 0, perSync: 0 } });
    expect((await venue()).vibe_scores).toEqual(first.vibe_scores);
    // a sync that reads no photos keeps it too
    await sync({});
    expect((await venue()).vibe_scores).toEqual(first.vibe_scores);
    expect(asked).toEqual([url]);

    // a reading older than the re-read age with the budget spent: kept (not fetched, still counted)
    await db.query("UPDATE venue_photo_vibes SET analyzed_at = now() - interval '60 days' WHERE venue_id = $1", [
      first.id,
    ]);
    await sync({ analyzePhoto, photoLimits: { budgetMs: 0 } });
    expect((await venue()).vibe_scores).toEqual(first.vibe_scores);
    expect(asked).toEqual([url]);
    // ... and read again when the budget allows
    await sync({ analyzePhoto });
    expect(asked).toEqual([url, url]);
    expect((await venue()).vibe_scores).toEqual(first.vibe_scores);
  });

  it("forgets a photo the venue no longer has", async () => {
    const before = await venue();
    current = place([]);
    await sync({ analyzePhoto });
    expect(await stored()).toEqual([]);
    const after = await venue();
    expect(after.vibe_scores.Cozy ?? 0).toBeLessThan(before.vibe_scores.Cozy);
    expect(after.vibe_evidence.Cozy ?? []).not.toContainEqual(expect.objectContaining({ source: "photo" }));
  });
});
