/**
 * Seeded venues that match two contradicting vibes at once (issue 25; the pairs of spec 9,
 * CONTRADICTORY_VIBES: Loud and Quiet, Loud and Chill, Energetic and Quiet...). Seeds a fresh PGlite
 * as a start would and reads the stored `detected_vibes` of every venue.
 *
 *   npx tsx scripts/vibe-contradictions.ts
 */
import { CONTRADICTORY_VIBES } from "@shared/vocabulary";
import { openPglite } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { seedVenues } from "../src/server/venues/seed";

const db = await openPglite();
await migrate(db);
await seedVenues(db);
const rows = await db.query<{
  name: string;
  category: string;
  detected_vibes: string[];
  vibe_scores: Record<string, number>;
}>("SELECT name, category, detected_vibes, vibe_scores FROM venues ORDER BY name");
const pairs = Object.entries(CONTRADICTORY_VIBES).flatMap(([a, list]) =>
  list.filter((b) => a < b).map((b) => [a, b] as const),
);
console.log(`Seeded venues: ${rows.length}`);
for (const [a, b] of pairs) {
  const both = rows.filter((r) => r.detected_vibes.includes(a) && r.detected_vibes.includes(b));
  console.log(`\n${a} and ${b}: ${both.length}`);
  for (const r of both) console.log(`  ${r.name} [${r.category}] ${a} ${r.vibe_scores[a]}, ${b} ${r.vibe_scores[b]}`);
}
await db.close();
