/**
 * The first ten of every vibe, checked by hand against the venue's own facts (issue 25). Same setup
 * as bench/vibe-coverage.ts: a fresh PGlite seeded as a start would seed it, the clock fixed at
 * Thursday 10 PM in San Francisco, GET /api/venues/match-public within 16 km (10 mi) of the city
 * centre, sort=best, confirmed first then likely. Per venue it prints what the API answered (kind,
 * confirmed with its score or likely with its reasons) beside the OSM tags that matter, read from
 * ../shared/data by OSM id, and the verdict written by hand in bench/vibe-top-ten-verdicts.tsv
 * (vibe, externalId, yes / weak / no, why).
 *
 *   npx tsx bench/vibe-top-ten.ts > bench/results/vibe-top-ten.txt
 */
import { readFileSync } from "node:fs";
import { ALL_VIBES } from "@shared/vocabulary";
import { printHeader } from "./header";
import { matchBest, seededApp } from "./vibe-coverage";

const CENTRE = { latitude: 37.7749, longitude: -122.4194 };
const RADIUS_KM = 16;
const INSTANT = "2026-11-20T06:00:00Z"; // Thursday 2026-11-19 22:00 PST
const DATA = new URL("../../shared/data/", import.meta.url);
const FILES = ["osm_sf_bars_pubs_2025-10-23.json", "osm_sf_central_venues_2026-02-04.json"];
/** The tags that can speak for or against a vibe. */
const KEYS = [
  "amenity",
  "shop",
  "craft",
  "bar",
  "cuisine",
  "theme",
  "description",
  "live_music",
  "music_genre",
  "karaoke",
  "sport",
  "cocktails",
  "drink:wine",
  "drink:whisky",
  "drink:whiskey",
  "microbrewery",
  "outdoor_seating",
  "internet_access",
  "opening_hours",
  "lgbtq",
];

type Tags = Record<string, string>;

function osmTags(): Map<string, Tags> {
  const byId = new Map<string, Tags>();
  for (const file of FILES) {
    const json = JSON.parse(readFileSync(new URL(file, DATA), "utf8")) as {
      elements: { type: string; id: number; tags?: Tags }[];
    };
    for (const e of json.elements) {
      const key = `osm:${e.type}/${e.id}`;
      byId.set(key, { ...e.tags, ...byId.get(key) }); // the bars file (full tags) wins
    }
  }
  return byId;
}

function verdicts(): Map<string, { verdict: string; why: string }> {
  const out = new Map<string, { verdict: string; why: string }>();
  const text = readFileSync(new URL("vibe-top-ten-verdicts.tsv", import.meta.url), "utf8");
  for (const line of text.split("\n")) {
    if (!line.trim() || line.startsWith("#")) continue;
    const [vibe, id, verdict, why] = line.split("\t");
    out.set(`${vibe}|${id}`, { verdict, why });
  }
  return out;
}

interface Venue {
  name: string;
  externalId: string;
  category: string;
  likely?: { reasons: string[] };
  vibeScores: Record<string, number>;
  /** For a confirmed vibe: what the venue's details page gives as its evidence (GET …/details). */
  evidence?: string[];
}

async function measure(): Promise<{ vibe: string; venues: Venue[] }[]> {
  const app = await seededApp(() => new Date(INSTANT), "/tmp/vibe-top-ten-data");
  const out: { vibe: string; venues: Venue[] }[] = [];
  for (const vibe of ALL_VIBES) {
    const res = await matchBest(app, vibe);
    const venues = (res.json() as Venue[]).slice(0, 10);
    for (const v of venues) {
      if (v.likely) continue;
      const d = await app.inject({ method: "GET", url: `/api/venues/${encodeURIComponent(v.externalId)}/details` });
      const ev = (d.json() as { vibeEvidence?: Record<string, { source: string; detail: string }[]> }).vibeEvidence;
      v.evidence = (ev?.[vibe] ?? []).map((e) => `${e.source}: ${e.detail}`);
    }
    out.push({ vibe, venues });
  }
  await app.close();
  return out;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function facts(id: string, tags: Map<string, Tags>): string {
  if (!id.startsWith("osm:")) return "not in OSM (DataSF 2016 row: name and place only)";
  const t = tags.get(id);
  if (!t) return "OSM id not in ../shared/data";
  const shown = KEYS.filter((k) => t[k] !== undefined).map((k) => `${k}=${clip(t[k], 70)}`);
  return shown.length ? shown.join("; ") : "no tag beyond name and address";
}

printHeader(import.meta.url, { radiusKm: RADIUS_KM, sort: "best", at: INSTANT });
const rows = await measure();
const tags = osmTags();
const judged = verdicts();
const counts = new Map<string, Record<string, number>>();
const noes: string[] = [];
const out: string[] = [
  `# the first ten of each vibe (issue 25): match-public, ${RADIUS_KM} km (10 mi) around ` +
    `${CENTRE.latitude},${CENTRE.longitude}, sort=best, clock ${INSTANT} (Thu 10 PM, America/Los_Angeles)`,
  "# fresh PGlite, seeded (seedVenues); confirmed first, then likely; OSM tags from ../shared/data by OSM id",
  "# verdict (by hand, bench/vibe-top-ten-verdicts.tsv): yes = the venue's own facts defend the vibe;",
  "#   weak = a plausible guess from its kind or one hint; no = its facts do not say it, or say otherwise",
  "# per venue: vibe | rank | name [kind, externalId] | confirmed (score) or likely | reason shown (a likely",
  "#   venue's reasons from match-public; a confirmed venue's evidence for the vibe from its /details) |",
  "#   OSM facts | verdict: why",
  "",
];
for (const { vibe, venues } of rows) {
  out.push(`## ${vibe}${venues.length ? "" : ": no venue (neither confirmed nor likely)"}`);
  const c = { yes: 0, weak: 0, no: 0, unjudged: 0 };
  venues.forEach((v, i) => {
    const score = v.vibeScores[vibe];
    const how = v.likely ? "likely" : `confirmed (${score === undefined ? "?" : score.toFixed(2)})`;
    const reason = v.likely ? v.likely.reasons.join(", ") : v.evidence?.length ? v.evidence.join("; ") : "(none given)";
    const j = judged.get(`${vibe}|${v.externalId}`);
    const verdict = j ? `${j.verdict}: ${j.why}` : "unjudged";
    c[(j?.verdict as keyof typeof c) ?? "unjudged"]++;
    if (j?.verdict === "no") noes.push(`${vibe} #${i + 1} ${v.name} (${v.externalId}): ${j.why}`);
    out.push(
      `${vibe} | ${i + 1} | ${v.name} [${v.category}, ${v.externalId}] | ${how} | ${reason} | ` +
        `${facts(v.externalId, tags)} | ${verdict}`,
    );
  });
  counts.set(vibe, c);
  out.push("");
}
out.push("Per vibe (yes / weak / no):");
for (const [vibe, c] of counts)
  out.push(`  ${vibe.padEnd(14)} ${c.yes} / ${c.weak} / ${c.no}${c.unjudged ? ` (${c.unjudged} unjudged)` : ""}`);
const total = [...counts.values()].reduce((a, c) => ({ yes: a.yes + c.yes, weak: a.weak + c.weak, no: a.no + c.no }), {
  yes: 0,
  weak: 0,
  no: 0,
});
out.push(
  `  ${"all".padEnd(14)} ${total.yes} / ${total.weak} / ${total.no}`,
  "",
  "The 'no' venues and the rule that put them there:",
);
out.push(...(noes.length ? noes.map((n) => `  ${n}`) : ["  (none)"]));
console.log(out.join("\n"));
process.exit(0);
