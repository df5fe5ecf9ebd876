/**
 * bench/generate-social.ts writes what bench/feed.ts and bench/load-mix.ts say it writes (issue 29
 * item 1): each post of the last week has its own number of comments and likes, spread as documented
 * (0 to COMMENTS_MAX and 0 to LIKES_MAX, uniformly), and every count on a post is the rows behind it.
 * Before the fix random() was evaluated once per statement: every post had the same count (often 0).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBenchDb } from "../../bench/bench-db";
import { COMMENTS_MAX, generateSocial, LIKES_MAX } from "../../bench/generate-social";
import type { Db } from "../../src/server/db/client";

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openBenchDb("pglite", "social"));
  // friends/2 = 20 > LIKES_MAX: the like counts are not capped by the number of friends
  await generateSocial(db, { users: 200, friends: 40, posts: 3_000 });
}, 120_000);
afterAll(() => drop());

type Row = { likes: number; comments: number; like_rows: number; comment_rows: number; recent: boolean };

const rows = () =>
  db.query<Row>(
    `SELECT p.like_count AS likes, p.comment_count AS comments,
            (SELECT count(*)::int FROM post_likes l WHERE l.post_id = p.id) AS like_rows,
            (SELECT count(*)::int FROM post_comments c WHERE c.post_id = p.id) AS comment_rows,
            p.created_at > now() - interval '7 days' AS recent
       FROM posts p`,
  );

const stats = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
  return { mean, variance, distinct: new Set(xs).size, min: Math.min(...xs), max: Math.max(...xs) };
};

describe("bench/generate-social.ts", () => {
  it("gives each post of the last week its own number of comments: 0 to 4, mean near 2", async () => {
    const recent = (await rows()).filter((r) => r.recent);
    expect(recent.length).toBeGreaterThan(150); // ~7/90 of 3,000 posts
    const s = stats(recent.map((r) => r.comment_rows));
    expect(s.variance).toBeGreaterThan(1); // uniform 0..4: variance 2
    expect(s.distinct).toBe(COMMENTS_MAX + 1);
    expect([s.min, s.max]).toEqual([0, COMMENTS_MAX]);
    expect(s.mean).toBeGreaterThan(1.6);
    expect(s.mean).toBeLessThan(2.4);
  });

  it("gives each post of the last week its own number of likes: 0 to 19, mean near 9.5", async () => {
    const recent = (await rows()).filter((r) => r.recent);
    const s = stats(recent.map((r) => r.like_rows));
    expect(s.variance).toBeGreaterThan(15); // uniform 0..19: variance 33.25
    expect(s.distinct).toBeGreaterThan(15);
    expect(s.min).toBe(0);
    expect(s.max).toBe(LIKES_MAX);
    expect(s.mean).toBeGreaterThan(8);
    expect(s.mean).toBeLessThan(11);
  });

  it("counts on every post exactly the likes and comments written for it (none on older posts)", async () => {
    const all = await rows();
    for (const r of all) {
      expect(r.likes).toBe(r.like_rows);
      expect(r.comments).toBe(r.comment_rows);
      if (!r.recent) expect(r.likes + r.comments).toBe(0);
    }
  });
});
