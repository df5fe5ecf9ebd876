/**
 * The entertainment permits' join to the seed's venues (docs/seed-data.md, "Entertainment permits"):
 * how many permits of data/seed/sf_entertainment_permits_2026-05-10.csv join a seeded venue, by type,
 * and every located permit that joins none, with why a reader can see (no venue of the name nearby).
 *
 *   npx tsx scripts/permit-join.ts > docs/permit-join.txt
 */
import { joinPermits, readEntertainmentPermits } from "../src/server/venues/permits";
import { loadSeed, selectPermitVenues } from "../src/server/venues/seed";
import { loadOsmSeed } from "../src/server/venues/seed-osm";
import { PERMIT_CODES } from "../src/server/vibes/permit-words";

const { places } = loadOsmSeed();
const kept = selectPermitVenues(loadSeed().venues, places).kept;
const venues = [
  ...places.map((p) => ({ key: `${p.name} (OSM, ${p.address ?? "no address"})`, ...p })),
  ...kept.map((v) => ({ key: `${v.name} (2016 permit list, ${v.address})`, ...v })),
];
const file = readEntertainmentPermits();
const join = joinPermits(venues, file.permits);
const held = (list: { codes: readonly string[] }[], code: string) => list.filter((p) => p.codes.includes(code)).length;

console.log(`Entertainment permits: ${file.rows} rows, ${file.permits.length} with coordinates`);
console.log(`Without coordinates (not joined): ${file.unlocated.join("; ")}`);
console.log(`Seed venues: ${venues.length}`);
console.log(`Joined: ${join.joined.length} permits to ${join.venues} venues; not joined: ${join.unjoined.length}`);
console.log(
  `By type (joined / all located): ${PERMIT_CODES.map(
    (c) =>
      `${c} ${held(
        join.joined.map((j) => j.permit),
        c,
      )}/${held(file.permits, c)}`,
  ).join(", ")}`,
);
const shared = join.joined.filter((j) => j.venues.length > 1);
console.log(`\nPermits joined to two venues (${shared.length}):`);
for (const j of shared) console.log(`  ${j.permit.name}, ${j.permit.address} -> ${j.venues.join(" | ")}`);
console.log(`\nJoined (${join.joined.length}):`);
for (const j of join.joined)
  console.log(`  ${j.permit.codes.join(",")}\t${j.permit.name}, ${j.permit.address} -> ${j.venues.join(" | ")}`);
console.log(
  `\nNot joined (${join.unjoined.length}): no seeded venue of a similar name within 120 m, nor at its address`,
);
for (const p of join.unjoined) console.log(`  ${p.codes.join(",")}\t${p.name}, ${p.address}`);
