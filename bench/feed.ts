/**
 * Benchmark of GET /api/posts/feed with 10,000 users, 100 friends each and 1,000,000 posts,
 * through the real server over loopback HTTP, signed in as randomly chosen users.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed.ts
 *   BENCH_DBS=pglite npx tsx bench/feed.ts        # the embedded database (slow to load)
 *
 * Options: BENCH_USERS=10000 BENCH_FRIENDS=100 BENCH_POSTS=1000000 BENCH_SECONDS=15 BENCH_CONCURRENCY=1,8
 * BENCH_SMOKE=1: 200 users, 6 friends, 2,000 posts, 1 s per step (bench/smoke.ts).
 */
import { createHmac, randomBytes } from "node:crypto";
import { startBenchApp } from "./bench-app";
import { openBenchDb } from "./bench-db";
import type { Db } from "../src/server/db/client";
import { generateSocial } from "./generate-social";
import { printHeader } from "./header";
import { fmt, holdLoad } from "./load";
import { listOption, okJson, option, SMOKE, BENCH_SECRET } from "./smoke";

const users = option("BENCH_USERS", 10_000, 200);
const friends = option("BENCH_FRIENDS", 100, 6); // even: generate-social gives each user friends/2 each way
const postCount = option("BENCH_POSTS", 1_000_000, 2_000);
const seconds = option("BENCH_SECONDS", 15, 1);
const concurrencies = listOption("BENCH_CONCURRENCY", "1,8", "2").map(Number);
const pgUrl = process.env.BENCH_DATABASE_URL;
const dbs = (process.env.BENCH_DBS ?? (pgUrl ? "postgres" : "pglite")).split(",");
printHeader(import.meta.url, { databases: dbs.join(",") });

/** Sessions for `n` random users, made the way the app makes them (HMAC of a random token). */
async function sessions(db: Db, n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const token = randomBytes(32).toString("base64url");
    const uid = `00000000-0000-4000-8000-${(1 + Math.floor(Math.random() * users)).toString(16).padStart(12, "0")}`;
    await db.query("INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [
      createHmac("sha256", BENCH_SECRET).update(token).digest("base64url"),
      uid,
    ]);
    cookies.push(`vibe_session=${token}`);
  }
  return cookies;
}

const lines: string[] = [];
for (const kind of dbs) {
  const { db, drop } = await openBenchDb(kind, "feed", pgUrl);
  const t = performance.now();
  await generateSocial(db, { users, friends, posts: postCount });
  const cookies = await sessions(db, SMOKE ? 20 : 500);
  console.log(
    `${kind}: ${users} users, ${friends} friends each, ${postCount} posts loaded in ` +
      `${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const { app, base } = await startBenchApp(db);
  const sample = await fetch(base + "/api/posts/feed", { headers: { cookie: cookies[0] } });
  console.log(
    `a sample feed answers ${sample.status} with ${(await okJson<unknown[]>(sample, "a sample feed")).length} posts`,
  );
  let i = 0;
  for (const c of [4, ...concurrencies]) {
    const warm = c === 4 && i === 0;
    // each request signs in as the next of the 500 users (cookie set per request below)
    const r = await holdLoad(base, () => "/api/posts/feed", {
      concurrency: c,
      seconds: warm ? (SMOKE ? 1 : 3) : seconds,
      headers: {
        get cookie() {
          return cookies[i++ % cookies.length];
        },
      } as unknown as Record<string, string>,
    });
    if (warm) continue;
    const line = `${kind.padEnd(8)} feed  concurrency ${String(c).padStart(2)}  ${fmt(r)}`;
    console.log(line);
    lines.push(line);
  }
  await app.close();
  await drop();
}
console.log("\nSummary\n" + lines.join("\n"));
