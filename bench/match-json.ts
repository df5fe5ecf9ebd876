/**
 * Microbenchmark of a match answer's JSON bytes (matchedJson, src/server/venues/service.ts): 100
 * venues shaped like the seed's (~75 kB), two thirds of them live, written 20,000 times after a
 * warm-up. Each answer is the Buffer sent as is, so its cost here is all of it (a text answer would
 * still be flattened and UTF-8 encoded when written to the socket).
 *
 *   npx tsx bench/match-json.ts
 *   BENCH_SMOKE=1: 200 answers a round (bench/smoke.ts).
 */
import { liveVibe } from "../src/server/live/crowd";
import type { StoredVenue } from "../src/server/venues/queries";
import { matchedJson, type MatchedVenue } from "../src/server/venues/service";
import { option, SMOKE } from "./smoke";
import { printHeader } from "./header";

const now = new Date();
const venue = (i: number): StoredVenue => ({
  id: i,
  external_id: `datasf:${i}`,
  source: "datasf",
  name: `Venue ${i} Café`,
  category: "Bar",
  description: null,
  opening_hours: null,
  address: `${i} Bush St, San Francisco, CA 94108`,
  latitude: 37.78,
  longitude: -122.41,
  image_url: null,
  rating: null,
  review_count: null,
  phone_number: "(415) 597-1545",
  website: null,
  hours: [],
  detected_vibes: ["Social", "Energetic"],
  vibe_scores: { Loud: 0.35, Chill: 0.3, Social: 0.6, Upbeat: 0.35 },
  likely_vibes: [],
  attribution:
    "Venue data: City and County of San Francisco, Department of Public Health (DataSF), 2016, public domain.",
});
const list: MatchedVenue[] = Array.from({ length: 100 }, (_, i) => ({
  venue: venue(i),
  meters: 1234.5 + i * 10,
  fit: 0.41,
  isFavorite: i % 7 === 0,
  live: i % 3 ? liveVibe(null, [{ vibes: ["Cozy"], createdAt: now }], now) : null,
}));

const perRound = option("BENCH_ANSWERS", 20_000, 200);
printHeader(import.meta.url);
for (let i = 0; i < (SMOKE ? 30 : 3000); i++) matchedJson(list, now);
const rounds: number[] = [];
let bytes = 0;
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  for (let i = 0; i < perRound; i++) bytes = matchedJson(list, now).length;
  rounds.push(((performance.now() - t) * 1000) / perRound);
}
rounds.sort((a, b) => a - b);
console.log(
  `${list.length} venues, ${bytes} bytes: median ${rounds[2].toFixed(1)} µs per answer (fastest ` +
    `${rounds[0].toFixed(1)}, slowest ${rounds[4].toFixed(1)})`,
);
