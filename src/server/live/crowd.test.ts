import { describe, expect, it } from "vitest";
import { liveClaims, liveEvidence, liveFit, liveVibe, sameLiveVibe, type Broadcast, type LiveVibe } from "./crowd";

const now = new Date("2026-11-22T20:00:00Z");
const ago = (min: number) => new Date(now.getTime() - min * 60_000);
const broadcast = (min: number, vibes: string[] = ["Chill"]): Broadcast => ({
  capacityStatus: "Moderate",
  noiseLevel: "Quiet",
  currentVibes: vibes,
  specialNotes: null,
  isOpen: true,
  createdAt: ago(min),
});

describe("liveVibe", () => {
  it("is null when nothing is fresh", () => {
    expect(liveVibe(null, [], now)).toBeNull();
    expect(liveVibe(broadcast(241), [{ vibes: ["Loud"], createdAt: ago(181) }], now)).toBeNull();
  });

  it("takes a fresh broadcast as it is", () => {
    const live = liveVibe(broadcast(10, ["Chill", "Cozy"]), [], now)!;
    expect(live.currentVibes).toEqual(["Chill", "Cozy"]);
    expect(live.broadcast?.capacityStatus).toBe("Moderate");
    expect(live.updatedAt).toEqual(ago(10));
  });

  it("lets a crowd of fresh check-ins outweigh an old broadcast", () => {
    const checkIns = Array.from({ length: 5 }, (_, i) => ({ vibes: ["Loud", "Energetic"], createdAt: ago(5 + i) }));
    const live = liveVibe(broadcast(200, ["Quiet"]), checkIns, now)!;
    expect(live.currentVibes.slice(0, 2).sort()).toEqual(["Energetic", "Loud"]);
    expect(live.currentVibes).not.toContain("Quiet"); // contradicts Loud, and is weaker
    expect(live.checkIns).toBe(5);
  });

  it("but a fresh broadcast outweighs a single check-in", () => {
    const live = liveVibe(broadcast(5, ["Chill"]), [{ vibes: ["Loud"], createdAt: ago(5) }], now)!;
    expect(live.currentVibes).toEqual(["Chill"]);
    expect(live.scores.get("Chill")).toBeGreaterThan(live.scores.get("Loud")!);
  });

  it("decays check-ins with a 45 minute half-life", () => {
    const live = liveVibe(
      null,
      [
        { vibes: ["Cozy"], createdAt: ago(0) },
        { vibes: ["Romantic"], createdAt: ago(45) },
      ],
      now,
    )!;
    // weights 1 and 0.5 of 1.5
    expect(Object.fromEntries(live.scores)).toEqual({ Cozy: 0.67, Romantic: 0.33 });
  });

  it("shows at most three vibes scoring at least 0.25", () => {
    const live = liveVibe(
      null,
      ["Chill", "Cozy", "Social", "Romantic", "Quiet"].map((v) => ({ vibes: [v, "Social"], createdAt: ago(1) })),
      now,
    )!;
    expect(live.currentVibes).toHaveLength(1);
    expect(live.currentVibes[0]).toBe("Social");
  });
});

describe("liveFit", () => {
  it("blends the live score into the fit while fresh", () => {
    const live = liveVibe(null, [{ vibes: ["Loud"], createdAt: ago(1) }], now);
    expect(liveFit(0.5, live, ["Loud"])).toBe(0.7); // 0.6 * 0.5 + 0.4 * 1
    expect(liveFit(0.5, live, ["Quiet"])).toBe(0.3);
    expect(liveFit(0.5, null, ["Loud"])).toBe(0.5);
  });
});

describe("sameLiveVibe", () => {
  const b = broadcast(10, ["Chill", "Cozy"]);
  const checkIns = [
    { vibes: ["Cozy"], createdAt: ago(20) },
    { vibes: ["Social"], createdAt: ago(50) },
  ];
  const later = (ms: number) => new Date(now.getTime() + ms);

  it("a second later, the same sources say the same", () => {
    expect(sameLiveVibe(liveVibe(b, checkIns, now), liveVibe(b, checkIns, later(1000)))).toBe(true);
    expect(sameLiveVibe(null, null)).toBe(true);
  });

  it("differs when a score moves past rounding, a source comes or goes, or one side is empty", () => {
    // an hour on, the check-ins have faded against the broadcast: scores moved
    expect(sameLiveVibe(liveVibe(b, checkIns, now), liveVibe(b, checkIns, later(3_600_000)))).toBe(false);
    expect(sameLiveVibe(liveVibe(b, checkIns, now), liveVibe(b, checkIns.slice(0, 1), now))).toBe(false);
    // another broadcast
    expect(sameLiveVibe(liveVibe(b, checkIns, now), liveVibe({ ...b }, checkIns, now))).toBe(false);
    expect(sameLiveVibe(liveVibe(b, checkIns, now), null)).toBe(false);
    expect(sameLiveVibe(null, liveVibe(null, checkIns, now))).toBe(false);
  });
});

describe("liveEvidence: the live signal in Why these vibes?", () => {
  it("names who says each live vibe now, and nothing without a fresh live vibe", () => {
    const now = new Date("2026-01-01T20:00:00Z");
    const live = liveVibe(
      {
        capacityStatus: "Moderate",
        noiseLevel: "Quiet",
        currentVibes: ["Chill"],
        specialNotes: null,
        isOpen: true,
        createdAt: new Date(now.getTime() - 10 * 60_000),
      },
      [
        { vibes: ["Chill"], createdAt: new Date(now.getTime() - 5 * 60_000) },
        { vibes: ["Cozy"], createdAt: new Date(now.getTime() - 5 * 60_000) },
      ],
      now,
    );
    const ev = liveEvidence(live);
    expect(ev.Chill).toEqual([{ source: "live", detail: "Said live by the venue's owner and 2 recent check-ins" }]);
    expect(ev).not.toHaveProperty("Cozy"); // under LIVE_VIBE_MIN of the live signal
    expect(liveEvidence(null)).toEqual({});
  });
});

// Issue 26: "Live music tonight" on a broadcast. `now` is 12 PM in San Francisco; the night the
// tests' broadcasts were sent in ends at 4 AM (12:00 UTC) the next day unless said otherwise.
describe("live music tonight", () => {
  const tonightEnds = new Date("2026-11-23T12:00:00Z");
  const announcing = (min: number, vibes: string[] = ["Chill"], until: Date | null = tonightEnds): Broadcast => ({
    ...broadcast(min, vibes),
    liveMusicUntil: until,
  });
  const claims = (l: LiveVibe | null, vibes = ["Live Music"]) => liveClaims(new Map(l ? [[7, l]] : []), vibes);

  it("a fresh broadcast that announces it makes Live Music lead, counted as the owner's claim", () => {
    const live = liveVibe(announcing(10, ["Chill", "Cozy", "Whiskey"]), [], now)!;
    expect(live.liveMusic).toBe(true);
    expect(live.currentVibes).toEqual(["Live Music", "Chill", "Cozy"]);
    expect(live.scores.get("Live Music")).toBe(1);
    expect(claims(live)).toEqual([7]);
    expect(claims(live, ["Chill"])).toEqual([]);
    expect(liveEvidence(live)["Live Music"]).toEqual([
      { source: "owner", detail: "The owner announced live music tonight" },
    ]);
  });

  it("a broadcast without it claims nothing", () => {
    for (const b of [broadcast(10), announcing(10, ["Chill"], null)]) {
      const live = liveVibe(b, [], now)!;
      expect(live.liveMusic).toBe(false);
      expect(live.currentVibes).toEqual(["Chill"]);
      expect(claims(live)).toEqual([]);
      expect(liveEvidence(live)["Live Music"]).toBeUndefined();
    }
  });

  it("ends when the broadcast goes stale (4 hours)", () => {
    expect(claims(liveVibe(announcing(239), [], now))).toEqual([7]);
    const stale = liveVibe(announcing(241), [{ vibes: ["Chill"], createdAt: ago(5) }], now)!;
    expect(stale.liveMusic).toBe(false);
    expect(stale.currentVibes).not.toContain("Live Music");
    expect(claims(stale)).toEqual([]);
  });

  it("ends at the night's end even while the broadcast is fresh", () => {
    const b = announcing(60, ["Chill"], new Date(now.getTime() + 30 * 60_000));
    expect(claims(liveVibe(b, [], now))).toEqual([7]);
    const after = new Date(now.getTime() + 31 * 60_000);
    const live = liveVibe(b, [], after)!;
    expect(live.broadcast).not.toBeNull(); // the rest of the broadcast still counts
    expect(live.liveMusic).toBe(false);
    expect(claims(live)).toEqual([]);
    expect(sameLiveVibe(liveVibe(b, [], now), live)).toBe(false);
  });

  it("check-ins that name Live Music follow the owner's claim in the evidence", () => {
    const live = liveVibe(announcing(10), [{ vibes: ["Live Music"], createdAt: ago(5) }], now)!;
    expect(liveEvidence(live)["Live Music"]).toEqual([
      { source: "owner", detail: "The owner announced live music tonight" },
      { source: "live", detail: "Said live by the venue's owner and 1 recent check-in" },
    ]);
  });
});
