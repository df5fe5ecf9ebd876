/**
 * Vibe coverage (issue 25): per vibe, how many venues GET /api/venues/match-public answers within
 * 16 km (10 mi) of the city centre (DEFAULT_COORDS) on the seeded data, confirmed and likely, at
 * 10 PM on a Thursday and at noon (America/Los_Angeles), under Best match, with the first five names.
 * Runs the app of the tree it is in, on a fresh PGlite seeded as a start would seed it.
 *
 *   npx tsx bench/vibe-coverage.ts --json > /tmp/after.json       # this tree's figures, as JSON
 *   npx tsx bench/vibe-coverage.ts --table before.json after.json > bench/results/vibe-coverage.txt
 *
 * "Before" is the same script run (--json) in a worktree of the commit before the change (the file
 * copied in): its app has no clock to fix and no likely venues, and its order does not depend on the
 * time, so both instants give its one answer.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ALL_VIBES } from "@shared/vocabulary";
import { printHeader } from "./header";

const CENTRE = { latitude: 37.7749, longitude: -122.4194 };
const RADIUS_KM = 16;
/** Thursday 2026-11-19 22:00 and 12:00 in San Francisco (PST, UTC-8; not a holiday). */
const INSTANTS = { "Thu 10 PM": "2026-11-20T06:00:00Z", "Thu noon": "2026-11-19T20:00:00Z" } as const;
/** Every vibe the product offers (the picker's nine, then "More vibes"). */
const VIBES = ALL_VIBES;

interface Row {
  vibe: string;
  at: string;
  confirmed: number;
  likely: number;
  top: string[];
  /** The first ten, for the check by hand: name, likely vibe's reasons, and the confirmed vibes. */
  ten?: string[];
}

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json: () => unknown;
}
interface BenchApp {
  inject: (o: { method: string; url: string }) => Promise<Answer>;
  /** Closes the app and its database. */
  close: () => Promise<void>;
}

/**
 * The app of this tree on a fresh PGlite seeded as a start seeds it, its clock `clock` (also used by
 * bench/vibe-top-ten.ts). Imported by URL: this file is copied into an older commit's worktree for
 * the "before" run, where it must find that commit's app.
 */
export async function seededApp(clock: () => Date, dataDir: string) {
  const root = new URL("../", import.meta.url);
  const { buildApp } = await import(new URL("src/server/app.ts", root).href);
  const { loadConfig } = await import(new URL("src/server/config.ts", root).href);
  const { openPglite } = await import(new URL("src/server/db/client.ts", root).href);
  const { migrate } = await import(new URL("src/server/db/migrate.ts", root).href);
  const { seedVenues } = await import(new URL("src/server/venues/seed.ts", root).href);
  const db = await openPglite();
  await migrate(db);
  await seedVenues(db);
  const config = loadConfig(
    { LOG_LEVEL: "silent", RATE_LIMIT_SCALE: "0", MAP_STYLE_URL: "none", DATA_DIR: dataDir },
    { sessionSecret: "coverage-secret-coverage-secret-!!", clientDir: null },
  );
  const { app } = await buildApp(config, db, { clock });
  return {
    inject: (o: { method: string; url: string }) => app.inject(o) as Promise<Answer>,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** GET /api/venues/match-public for `vibe` within RADIUS_KM of CENTRE, Best match (a 200, else it throws). */
export async function matchBest(app: BenchApp, vibe: string): Promise<Answer> {
  const q = new URLSearchParams({
    latitude: String(CENTRE.latitude),
    longitude: String(CENTRE.longitude),
    radius: String(RADIUS_KM),
    vibes: vibe,
    sort: "best",
  });
  const res = await app.inject({ method: "GET", url: `/api/venues/match-public?${q}` });
  if (res.statusCode !== 200) throw new Error(`${vibe}: ${res.statusCode} ${res.body}`);
  return res;
}

async function measure(): Promise<Row[]> {
  let now = new Date(INSTANTS["Thu 10 PM"]);
  const app = await seededApp(() => now, "/tmp/vibe-coverage-data");
  const rows: Row[] = [];
  for (const [at, instant] of Object.entries(INSTANTS)) {
    now = new Date(instant);
    for (const vibe of VIBES) {
      const res = await matchBest(app, vibe);
      const venues = res.json() as {
        name: string;
        externalId: string;
        category: string;
        likely?: { reasons: string[] };
        detectedVibes: string[];
        openStatus: { text: string } | null;
      }[];
      const total = Number(res.headers["x-total-count"]);
      const confirmedHeader = res.headers["x-confirmed-count"];
      const confirmed = confirmedHeader === undefined ? total : Number(confirmedHeader);
      const open = (v: (typeof venues)[number]) => (v.openStatus ? ` (${v.openStatus.text})` : " (hours unknown)");
      rows.push({
        vibe,
        at,
        confirmed,
        likely: total - confirmed,
        top: venues.slice(0, 5).map((v) => `${v.likely ? "likely: " : ""}${v.name}${open(v)}`),
        ten: venues
          .slice(0, 10)
          .map(
            (v) =>
              `${v.name} [${v.category}, ${v.externalId}] ` +
              (v.likely ? `likely: ${v.likely.reasons.join(", ")}` : `confirmed: ${v.detectedVibes.join(", ")}`),
          ),
      });
    }
  }
  await app.close();
  return rows;
}

function table(beforePath: string, afterPath: string): string {
  const before = JSON.parse(readFileSync(beforePath, "utf8")) as { commit: string; rows: Row[] };
  const after = JSON.parse(readFileSync(afterPath, "utf8")) as { commit: string; rows: Row[] };
  const out: string[] = [
    `# vibe coverage (issue 25): match-public, ${RADIUS_KM} km (10 mi) around ` +
      `${CENTRE.latitude},${CENTRE.longitude}, sort=best`,
    `# date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
    `# before: commit ${before.commit}; after: commit ${after.commit}`,
    `# settings: fresh PGlite, seeded (seedVenues); clock fixed at ${Object.entries(INSTANTS)
      .map(([k, v]) => `${k} = ${v}`)
      .join(", ")} (America/Los_Angeles)`,
    "# before: no likely venues and no time in the order: both instants give the same answer",
    "",
    [
      "vibe".padEnd(14),
      "at".padEnd(10),
      "before conf".padStart(11),
      "after conf".padStart(10),
      "after likely".padStart(12),
    ].join(" "),
  ];
  for (const r of after.rows) {
    const b = before.rows.find((x) => x.vibe === r.vibe && x.at === r.at);
    const cells = [
      r.vibe.padEnd(14),
      r.at.padEnd(10),
      String(b?.confirmed ?? "-").padStart(11),
      String(r.confirmed).padStart(10),
      String(r.likely).padStart(12),
    ];
    out.push(cells.join(" "));
  }
  out.push("", "Top five, before and after:");
  for (const r of after.rows) {
    const b = before.rows.find((x) => x.vibe === r.vibe && x.at === r.at);
    out.push("", `${r.vibe} at ${r.at}`);
    out.push(`  before: ${b?.top.length ? b.top.join("; ") : "(none)"}`);
    out.push(`  after:  ${r.top.length ? r.top.join("; ") : "(none)"}`);
  }
  return out.join("\n");
}

const args = process.argv.slice(2);
// run as a script (not imported by bench/vibe-top-ten.ts)
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (!isMain) {
  // imported: seededApp and matchBest only
} else if (args[0] === "--table") {
  printHeader(import.meta.url, { radiusKm: RADIUS_KM, sort: "best" });
  console.log(table(args[1], args[2]));
} else {
  const { execFileSync } = await import("node:child_process");
  const commit = execFileSync("git", ["rev-parse", "--short=10", "HEAD"], { encoding: "utf8" }).trim();
  const rows = await measure();
  console.log(JSON.stringify({ commit, rows }));
  process.exit(0);
}
