import { describe, expect, it } from "vitest";
import type { SourcePlace } from "../providers/venue-source";
import type { VibeAnalysis } from "../vibes/types";
import { readPhotos, venuePhotoReads } from "./sync-photos";

const place = (id: string, urls: string[]) =>
  ({ externalId: id, photos: urls.map((url) => ({ url, attribution: null })) }) as unknown as SourcePlace;
const read: VibeAnalysis = { method: "image-stats-v1", vibes: [{ vibe: "Cozy", confidence: 0.8 }] };

describe("readPhotos: photos a sync reads into the blend", () => {
  it("reads at most perVenue photos of each venue and perSync in all, venues in order", async () => {
    const asked: string[] = [];
    const groups = [
      [place("a", ["https://x/a1", "https://x/a2", "https://x/a3"])],
      [place("b", ["https://x/b1"]), place("b2", ["https://x/b1", "https://x/b2"])],
      [place("c", ["https://x/c1"])],
    ];
    const reads = await readPhotos(groups, async (url) => (asked.push(url), read), { perVenue: 2, perSync: 4 });
    expect(asked.sort()).toEqual(["https://x/a1", "https://x/a2", "https://x/b1", "https://x/b2"]);
    expect([...reads.keys()].sort()).toEqual(asked);
    expect(venuePhotoReads(groups[0], reads, 2)).toHaveLength(2);
    expect(venuePhotoReads(groups[2], reads, 2)).toEqual([]);
  });

  it("starts no photo after the time budget and gives each fetch only what is left of it", async () => {
    let clock = 0;
    const deadlines: number[] = [];
    const groups = [[place("a", ["u1", "u2", "u3"])]];
    const reads = await readPhotos(
      groups,
      async (_url, { timeoutMs }) => {
        deadlines.push(timeoutMs);
        clock += 600; // each photo takes 600 ms of the 1000 ms budget
        return read;
      },
      { perVenue: 3, budgetMs: 1000, concurrency: 1 },
      undefined,
      () => clock,
    );
    expect(deadlines).toEqual([1000, 400]);
    expect(reads.size).toBe(2);
  });

  it("leaves out a photo that cannot be fetched or read, and goes on", async () => {
    const groups = [[place("a", ["bad", "good"])]];
    const reads = await readPhotos(groups, async (url) => {
      if (url === "bad") throw new Error("refused");
      return read;
    });
    expect([...reads.keys()]).toEqual(["good"]);
  });

  it("neither fetches nor counts photos already read (stored): the budget is for new ones", async () => {
    const asked: string[] = [];
    const groups = [[place("a", ["https://x/a1", "https://x/a2"])], [place("b", ["https://x/b1"])]];
    const reads = await readPhotos(
      groups,
      async (url) => (asked.push(url), read),
      { perVenue: 2, perSync: 1 },
      undefined,
      undefined,
      new Set(["https://x/a1", "https://x/a2"]),
    );
    expect(asked).toEqual(["https://x/b1"]);
    expect([...reads.keys()]).toEqual(["https://x/b1"]);
  });
});
