/**
 * The photos a sync reads into the vibe blend (docs/vibe-analysis.md, "The blend"): image-stats-v1
 * over each venue's first photos, fetched through the SSRF guard (vibes/image.ts analyzeImageUrl).
 * Bounded three ways so that a sync of a big area stays a sync:
 *
 * - per venue: its first PHOTO_LIMITS.perVenue photos (in the sources' order, OpenStreetMap first);
 * - per sync: PHOTO_LIMITS.perSync photos in all, venues in the order the sync groups them;
 * - in time: no photo is started after PHOTO_LIMITS.budgetMs of wall time, and each fetch gets
 *   at most what is left of it (so the whole step ends by about budgetMs).
 *
 * A photo that cannot be fetched or read is left out of the blend (and logged); the sync goes on.
 *
 * Each analysis is stored (venue_photo_vibes, migration 016) and counts in every later blend of
 * the venue: a photo read within the last PHOTO_REREAD_DAYS is not fetched again (it takes none of
 * the budget), an older one is read again when the budget allows and otherwise keeps its stored
 * reading. So a sync that runs out of budget blends the same photos as the one before it.
 */
import type { SourcePlace } from "../providers/venue-source";
import type { VibeAnalysis } from "../vibes/types";

export interface PhotoLimits {
  perVenue: number;
  perSync: number;
  /** Wall time of the whole photo step, milliseconds. */
  budgetMs: number;
  /** Photos fetched at once. */
  concurrency: number;
}

export const PHOTO_LIMITS: PhotoLimits = { perVenue: 2, perSync: 40, budgetMs: 10_000, concurrency: 4 };
/** A stored photo analysis younger than this is reused without fetching the photo again. */
export const PHOTO_REREAD_DAYS = 30;

/** Analyses one photo; `timeoutMs` is what is left of the budget (the fetch's own deadline is at most that). */
export type PhotoAnalyzer = (url: string, opts: { timeoutMs: number }) => Promise<VibeAnalysis>;

/**
 * A venue's first photo URLs that `keep` accepts (at most perVenue), without repeats, in the places'
 * merge order.
 */
export function venuePhotoUrls(
  places: readonly SourcePlace[],
  perVenue = PHOTO_LIMITS.perVenue,
  keep: (url: string) => boolean = () => true,
): string[] {
  const urls: string[] = [];
  for (const p of places)
    for (const ph of p.photos) if (urls.length < perVenue && keep(ph.url) && !urls.includes(ph.url)) urls.push(ph.url);
  return urls;
}

/** The URLs of a venue's photos that were read (at most perVenue), in the places' order. */
export function venuePhotoReadUrls(
  places: readonly SourcePlace[],
  reads: ReadonlyMap<string, VibeAnalysis>,
  perVenue = PHOTO_LIMITS.perVenue,
): string[] {
  return venuePhotoUrls(places, perVenue, (url) => reads.has(url));
}

/** The analyses of a venue's photos that were read (at most perVenue). */
export function venuePhotoReads(
  places: readonly SourcePlace[],
  reads: ReadonlyMap<string, VibeAnalysis>,
  perVenue = PHOTO_LIMITS.perVenue,
): VibeAnalysis[] {
  return venuePhotoReadUrls(places, reads, perVenue).map((url) => reads.get(url)!);
}

/**
 * Reads the photos of the groups within the limits: URL -> analysis (failures left out). URLs in
 * `skip` (read recently and stored) are neither fetched nor counted against the limits.
 */
export async function readPhotos(
  groups: readonly (readonly SourcePlace[])[],
  analyze: PhotoAnalyzer,
  limits: Partial<PhotoLimits> = {},
  log: { info(obj: object, msg?: string): void } = { info() {} },
  now: () => number = () => performance.now(),
  skip: ReadonlySet<string> = new Set(),
): Promise<Map<string, VibeAnalysis>> {
  const l = { ...PHOTO_LIMITS, ...limits };
  const queue: string[] = [];
  const queued = new Set<string>();
  for (const g of groups) {
    for (const url of venuePhotoUrls(g, l.perVenue)) {
      if (queue.length >= l.perSync) break;
      if (!queued.has(url) && !skip.has(url)) queued.add(url) && queue.push(url);
    }
    if (queue.length >= l.perSync) break;
  }
  const reads = new Map<string, VibeAnalysis>();
  if (!queue.length) return reads;
  const started = now();
  let next = 0;
  let failed = 0;
  let skipped = 0;
  const worker = async () => {
    while (next < queue.length) {
      const url = queue[next++];
      const left = l.budgetMs - (now() - started);
      if (left <= 0) {
        skipped++;
        continue;
      }
      try {
        reads.set(url, await analyze(url, { timeoutMs: Math.ceil(left) }));
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(l.concurrency, queue.length)) }, worker));
  log.info(
    { photos: queue.length, read: reads.size, failed, skipped, ms: Math.round(now() - started) },
    "sync photos read",
  );
  return reads;
}
