import type { Db, Queryable } from "../src/server/db/client";

/** The most comments a post of the last week gets (0 to COMMENTS_MAX each, uniformly: mean 2). */
export const COMMENTS_MAX = 4;
/**
 * The most likes a post of the last week gets (0 to LIKES_MAX each, uniformly: mean 9.5; at most
 * friends/2, so fewer with fewer friends).
 */
export const LIKES_MAX = 19;

/**
 * Users, a ring of friendships (each user befriends the next and previous friends/2), and posts spread
 * over 90 days; each post of the last week gets its own number of likes (0 to LIKES_MAX, at most
 * friends/2) and comments (0 to COMMENTS_MAX) from its author's friends, and its like_count and
 * comment_count are exactly those rows. Everything but the final VACUUM runs in one transaction on one
 * connection, so that setseed() makes every random() after it the same on every run.
 */
export async function generateSocial(db: Db, sizes: { users: number; friends: number; posts: number }) {
  await db.transaction((tx) => write(tx, sizes));
  // As autovacuum leaves a table in production: visibility map set (index-only scans), statistics.
  await db.exec("VACUUM ANALYZE");
}

async function write(
  db: Queryable,
  { users, friends, posts: postCount }: { users: number; friends: number; posts: number },
) {
  await db.query("SELECT setseed(0.7)");
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'bench' || g || '@example.com', 'User',
       g::text
       FROM generate_series(1, $1::int) g`,
    [users],
  );
  // friend k of user i is i+k (mod N), both ways: every user has exactly `friends` friends.
  await db.query(
    `INSERT INTO friendships (user_id, friend_id)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
            ('00000000-0000-4000-8000-' || lpad(to_hex(((i - 1 + k) % $1) + 1), 12, '0'))::uuid
       FROM generate_series(1, $1::int) i, generate_series(1, $2::int) k
     UNION ALL
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(((i - 1 + k) % $1) + 1), 12, '0'))::uuid,
            ('00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid
       FROM generate_series(1, $1::int) i, generate_series(1, $2::int) k`,
    [users, friends / 2],
  );
  const batch = 200_000;
  for (let start = 1; start <= postCount; start += batch) {
    await db.query(
      `INSERT INTO posts (user_id, vibes, content, created_at, like_count, comment_count)
       SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(1 + floor(random() * $3)::int), 12, '0'))::uuid,
              CASE floor(random() * 4)::int WHEN 0 THEN ARRAY['Chill'] WHEN 1 THEN ARRAY['Cozy', 'Quiet']
                   WHEN 2 THEN ARRAY['Loud', 'Energetic'] ELSE ARRAY['Romantic'] END,
              'post ' || g, now() - random() * interval '90 days', 0, 0
         FROM generate_series($1::int, $2::int) g`,
      [start, Math.min(postCount, start + batch - 1), users],
    );
  }
  // Likes on the last week's posts (the ones feeds show), from the author's friends, counted on the post.
  // Each post draws its own count: random() in a MATERIALIZED CTE's row is evaluated once per post,
  // and generate_series reads it from that row. (Written inside generate_series' arguments, random()
  // refers to no row of posts and was evaluated once for the whole statement: every post had the
  // same count, often 0 — issue 29 item 1.)
  await db.query(
    `WITH recent AS MATERIALIZED (
       SELECT id, user_id, floor(random() * ($3::int + 1))::int AS n
         FROM posts WHERE created_at > now() - interval '7 days'),
     liked AS (
       INSERT INTO post_likes (post_id, user_id)
       SELECT p.id, ('00000000-0000-4000-8000-' ||
         lpad(to_hex(((('x' || right(p.user_id::text, 8))::bit(32)::int - 1 + k) % $1) + 1), 12, '0'))::uuid
         FROM recent p CROSS JOIN LATERAL generate_series(1, least(p.n, $2::int)) k
       RETURNING post_id)
     UPDATE posts SET like_count = n FROM (SELECT post_id, count(*) AS n FROM liked GROUP BY post_id) c
       WHERE posts.id = c.post_id`,
    [users, friends / 2, LIKES_MAX],
  );
  // Comments on the last week's posts from the author's friends (0 to COMMENTS_MAX each, at most
  // friends/2), counted on the post: the feed reads how many of them each viewer may see (docs/social.md).
  await db.query(
    `WITH recent AS MATERIALIZED (
       SELECT id, user_id, created_at, floor(random() * ($3::int + 1))::int AS n
         FROM posts WHERE created_at > now() - interval '7 days'),
     said AS (
       INSERT INTO post_comments (post_id, user_id, content, created_at)
       SELECT p.id, ('00000000-0000-4000-8000-' ||
         lpad(to_hex(((('x' || right(p.user_id::text, 8))::bit(32)::int - 1 + k) % $1) + 1), 12, '0'))::uuid,
              'comment ' || k, p.created_at + k * interval '1 minute'
         FROM recent p CROSS JOIN LATERAL generate_series(1, least(p.n, $2::int)) k
       RETURNING post_id)
     UPDATE posts SET comment_count = n FROM (SELECT post_id, count(*) AS n FROM said GROUP BY post_id) c
       WHERE posts.id = c.post_id`,
    [users, friends / 2, COMMENTS_MAX],
  );
}
