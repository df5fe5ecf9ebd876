/**
 * Embedded seed venues (docs/seed-data.md, data/seed/SOURCES.md):
 *
 * 1. OpenStreetMap (seed-osm.ts): two files of real SF venues with their tags, parsed by the admin
 *    sync's Overpass parser and written by the sync's own merge and write (writeSourcePlaces), so
 *    that a sync of the same area later updates them in place (external ids `osm:node/123`).
 * 2. The DataSF "permitted food businesses" file of 2016 (public domain), only where it adds a
 *    place OpenStreetMap lacks (selectPermitVenues): outside the central box OSM's file covers, not
 *    a bar or club (OSM's bar file covers the whole city), not within 40 m of a same-named OSM
 *    venue, not within 15 m of any OSM venue (a place that took its spot). Names lose store
 *    numbers and legal suffixes; their attribution (DataSF, 2016) makes the details sheet say their
 *    facts are from 2016.
 *
 * seedVenues does this on a start whose seed files (or rules, SEED_VERSION) differ from the last
 * applied (table seed_state), and nothing otherwise.
 *
 * The DataSF rows (loadSeed):
 * What is kept (docs/seed-data.md has the counts):
 * - one row per business_id (the file repeats 18 rows verbatim);
 * - rows with numeric, non-zero coordinates inside San Francisco's box (SF_BBOX), minus the 19
 *   rows at 37.777122,-122.419639: a geocoder fallback shared by carts, "Off The Grid" stops and
 *   park stands whose address is not a place ("Golden Gate Park", "Public", "Off The Grid");
 * - rows whose name (and, when the name says nothing, permit class) gives a category
 *   (src/server/vibes/prior.ts).
 *
 * Nothing is invented: description, image, rating, review count, website and hours are empty,
 * because the data has none (the health inspection score is not a rating). Vibe scores are the
 * blend of category, name and entertainment permits (blend-v6: a stated category prior, name words
 * as weak evidence, a licence as a hint; venues/permits.ts), not observations.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { ATTRIBUTION, type VenueCategory } from "@shared/vocabulary";
import { classifyName, type CategoryRule } from "../vibes/prior";
import { analyzeVenueTexts } from "../vibes/model";
import { BLEND_METHOD, blendVibes } from "../vibes/blend";
import { LIKELY_METHOD, type LikelyVibe } from "../vibes/likely";
import { MODEL_METHOD } from "../vibes/model";
import type { Db, Queryable } from "../db/client";
import { haversineMeters } from "../db/earth";
import { createOverpassSource } from "../providers/overpass";
import { displayPhone } from "../providers/phone";
import type { SourcePlace } from "../providers/venue-source";
import { ENTERTAINMENT_PERMITS_URL, permitCodes, permitsFor } from "./permits";
import { CENTRAL_REPAIRS_URL, inCentralBox, loadOsmSeed, OSM_BARS_URL, OSM_CENTRAL_URL } from "./seed-osm";
import { namesSimilar, reblendVenue, writeSourcePlaces } from "./sync";

export const SEED_CSV_URL = new URL("../../../data/seed/sf_food_businesses_datasf_2016.csv", import.meta.url);
export const SEED_SOURCE = "datasf";
/**
 * A permit venue's attribution: the DataSF line, which names 2016; the details sheet reads it as
 * "facts from 2016; the place may have changed or closed" (client venues/lib/credits.ts).
 */
export const PERMIT_ATTRIBUTION = ATTRIBUTION.venues;
export const EXTERNAL_ID_PREFIX = "datasf:";

/** San Francisco's land area and Treasure Island; the 4 geocoded rows outside it are not in SF. */
export const SF_BBOX = { minLat: 37.7, maxLat: 37.84, minLng: -122.52, maxLng: -122.35 } as const;
/** Shared by 19 unplaceable rows (carts, Off The Grid, park stands): not a real location. */
export const PLACEHOLDER_POINT = { latitude: 37.777122, longitude: -122.419639 } as const;

/** One row of the venues table, column names as in 001_init.sql. */
export interface SeedVenue {
  external_id: string;
  name: string;
  category: VenueCategory;
  description: null;
  address: string;
  latitude: number;
  longitude: number;
  image_url: null;
  rating: null;
  review_count: null;
  phone_number: string | null;
  website: null;
  hours: string[];
  vibe_scores: Record<string, number>;
  detected_vibes: string[];
  likely_vibes: LikelyVibe[];
  source: string;
  attribution: string;
}

export interface SeedStats {
  /** Data rows in the file. */
  rows: number;
  /** Rows repeating an earlier business_id (dropped). */
  duplicateIds: number;
  /** Rows without numeric, non-zero coordinates (dropped). */
  noCoordinates: number;
  /** Rows whose coordinates are outside SF_BBOX (dropped). */
  outsideBbox: number;
  /** Rows at PLACEHOLDER_POINT (dropped). */
  placeholderPoint: number;
  /** Rows with a usable location, before the category rule. */
  located: number;
  /** How the category rule decided, over the located rows. */
  byRule: Record<CategoryRule, number>;
  /** Kept venues per category. */
  byCategory: Record<VenueCategory, number>;
  /** Venues kept (= located minus those whose category is null). */
  venues: number;
}

interface CsvRow {
  business_id: string;
  name: string;
  address: string;
  city: string;
  postal_code: string;
  latitude: string;
  longitude: string;
  phone_number: string;
  tax_code: string;
}

// ---------------------------------------------------------------------------------------------
// Tidying

/** Kept in capitals when the name is title-cased. Words without a vowel (SF, BBQ, LLC) are too. */
const KEEP_UPPER = new Set([
  "USA",
  "UCSF",
  "SFSU",
  "USF",
  "YMCA",
  "II",
  "III",
  "IV",
  "VI",
  "VII",
  "VIII",
  "IX",
  "XI",
  "XII",
  "AMC",
  "DNA",
  "ABC",
  "UN",
  "AQ",
  "HQ",
  "BHL",
  "PPQ",
  "JW",
]);
/** Abbreviations without a vowel that are words, not initials. */
const NO_VOWEL_WORDS = new Set([
  "MR",
  "MRS",
  "MS",
  "DR",
  "ST",
  "MT",
  "FT",
  "JR",
  "SR",
  "BLVD",
  "PL",
  "CTR",
  "RD",
  "BLDG",
  "DBA",
  "FL",
  "FLR",
  "N",
  "S",
  "E",
  "W",
]);
/** Lower case inside a name (not first, not after "-", "(", ",", "/" or ":"). */
const MINOR = new Set([
  "AN",
  "AND",
  "AT",
  "BY",
  "FOR",
  "IN",
  "OF",
  "ON",
  "OR",
  "THE",
  "TO",
  "DE",
  "DEL",
  "DI",
  "DA",
  "DU",
  "DBA",
  "AKA",
]);

function capitalize(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
}

function titleWord(w: string, first: boolean): string {
  const bare = w.replace(/\.$/, "");
  if (KEEP_UPPER.has(bare)) return w;
  if (/^([A-Z]\.)+[A-Z]?\.?$/.test(w) && w.length > 2) return w; // S.F., H.Q.
  if (/\d/.test(w)) return /^\d+(ST|ND|RD|TH)$/.test(w) ? w.toLowerCase() : w; // 3RD -> 3rd, P37, B44
  if (!first && MINOR.has(bare)) return w.toLowerCase();
  if (w.length === 1) return w; // initials: "J & M", "R Bar"
  if (!/[AEIOUY]/.test(bare) && !NO_VOWEL_WORDS.has(bare) && /^[A-Z]+$/.test(bare)) return w; // SF, BBQ, KFC
  if (/^MC[A-Z]{2,}/.test(w)) return "Mc" + capitalize(w.slice(2)); // MCCARTHY'S -> McCarthy's
  if (/^[ODL]['’][A-Z]{2,}/.test(w)) return w.charAt(0) + w.charAt(1) + capitalize(w.slice(2)); // O'Farrell
  return capitalize(w); // GEORGE'S -> George's
}

/**
 * Tidies a business name: whitespace collapsed, a trailing ", THE" moved to the front, and a name
 * written entirely in capitals put in title case ("GEORGE'S COFFEE SHOP" -> "George's Coffee
 * Shop"). Names with any lower-case letter are kept as written.
 */
export function tidyName(raw: string): string {
  let name = raw.replace(/\s+/g, " ").trim();
  const the = /^(.*\S),\s*(THE|The|the)$/.exec(name);
  if (the) name = `${the[2]} ${the[1]}`;
  if (!/[A-Z]/.test(name) || name !== name.toUpperCase()) return name;
  let first = true;
  return name.replace(/[^\s\-/(),&+@#:"]+|[\s\-/(),&+@#:"]+/g, (part) => {
    if (/^[\s\-/(),&+@#:"]+$/.test(part)) {
      // "&" and "+" join words ("Bar & Grill"); the others start a new phrase.
      if (/[-/(,:"]/.test(part)) first = true;
      return part;
    }
    const out = titleWord(part, first);
    first = false;
    return out;
  });
}

/**
 * "+14155531470" -> "(415) 553-1470" (every number in the file is a +1 E.164 number); a fictional
 * 555 number or one that cannot be dialled ("+14150540880") is dropped (providers/phone.ts).
 */
export function formatPhone(raw: string): string | null {
  return displayPhone(raw);
}

/**
 * A permit name as a place is known: without a chain's store number ("Subway #36339", "Burger King
 * 5830", "Fisherman's Pizzeria Inc [#50]") or a legal suffix ("Mavelous, LLC", "Beanery Inc.").
 */
export function venueName(raw: string): string {
  let name = tidyName(raw)
    .replace(/\s*\[?#\s*\d+[A-Z]?\]?/gi, " ") // "#36339", "[#50]"
    .replace(/\s+(?:store|unit|no\.?)\s*#?\s*\d+\b/gi, " ")
    .replace(/,?\s+(?:inc|llc|l\.l\.c|corp|corporation|ltd|co\.?,?\s+inc)\.?(?=[\s),]|$)/gi, " ")
    .replace(/\s+/g, " ")
    .replace(/\s+([),])/g, "$1")
    .replace(/[\s,&-]+$/, "")
    .trim();
  // a bare store number after a name of words: "Burger King 5830" (not "Cafe 78", not "21 Taste House")
  name = name.replace(/^(\D+?)\s+\d{3,}$/, "$1");
  return name || tidyName(raw);
}

/**
 * "<address>, San Francisco, CA <zip>". The city column is free text ("S.F.", "SF", "San Franciisco",
 * blank...) and every kept row is inside SF, so the city is always written San Francisco. The ZIP is
 * kept only when it is an SF ZIP (941xx, ZIP+4 cut to 5 digits); "CA", "00000" or an out-of-town
 * owner ZIP is left out rather than shown.
 */
export function formatAddress(street: string, postalCode: string): string {
  const parts: string[] = [];
  const s = tidyStreet(street);
  if (s) parts.push(s);
  const digits = postalCode.replace(/\D/g, "");
  const zip = /^941\d\d(\d{4})?$/.test(digits) ? digits.slice(0, 5) : null;
  parts.push(zip ? `San Francisco, CA ${zip}` : "San Francisco, CA");
  return parts.join(", ");
}

/** "033 Belden Pl" -> "33 Belden Pl", "2415 CLEMENT St" -> "2415 Clement St", "1239 09th Ave" -> "1239 9th Ave". */
export function tidyStreet(street: string): string {
  return street
    .replace(/\s+/g, " ")
    .replace(/^[\s,]+|[\s,]+$/g, "")
    .replace(/\b0+(\d)/g, "$1")
    .replace(/\b([A-Z])([A-Z']{2,})\b/g, (_, a: string, b: string) => a + b.toLowerCase());
}

function parseCoordinate(v: string): number | null {
  const t = v.trim();
  if (!t) return null;
  const n = Number(t);
  return Number.isFinite(n) && n !== 0 ? n : null;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Parses the seed CSV into venue rows, with the count of every row dropped and why. */
export function loadSeed(csvPath: string | URL = SEED_CSV_URL): { venues: SeedVenue[]; stats: SeedStats } {
  const rows = parse(readFileSync(csvPath), { columns: true, bom: true, skip_empty_lines: true }) as CsvRow[];
  const stats: SeedStats = {
    rows: rows.length,
    duplicateIds: 0,
    noCoordinates: 0,
    outsideBbox: 0,
    placeholderPoint: 0,
    located: 0,
    byRule: {
      "non-venue": 0,
      nightclub: 0,
      "venue-word": 0,
      shop: 0,
      "food-word": 0,
      "cuisine-word": 0,
      "club-word": 0,
      "no-fallback": 0,
      permit: 0,
      "no-word": 0,
    },
    byCategory: { Bar: 0, Restaurant: 0, Cafe: 0, Club: 0 },
    venues: 0,
  };
  const seen = new Set<string>();
  const venues: SeedVenue[] = [];
  for (const row of rows) {
    const id = row.business_id.trim();
    if (seen.has(id)) {
      stats.duplicateIds++;
      continue;
    }
    seen.add(id);
    const latitude = parseCoordinate(row.latitude);
    const longitude = parseCoordinate(row.longitude);
    if (latitude === null || longitude === null) {
      stats.noCoordinates++;
      continue;
    }
    if (
      latitude < SF_BBOX.minLat ||
      latitude > SF_BBOX.maxLat ||
      longitude < SF_BBOX.minLng ||
      longitude > SF_BBOX.maxLng
    ) {
      stats.outsideBbox++;
      continue;
    }
    if (latitude === PLACEHOLDER_POINT.latitude && longitude === PLACEHOLDER_POINT.longitude) {
      stats.placeholderPoint++;
      continue;
    }
    stats.located++;
    const { category, rule } = classifyName(row.name, row.tax_code);
    stats.byRule[rule]++;
    if (!category) continue;
    stats.byCategory[category]++;
    const name = venueName(row.name);
    const address = formatAddress(row.address, row.postal_code);
    // the blend of category, name and entertainment permits (the same scores a sync gives a venue it knows nothing
    // else of)
    const permits = permitCodes(permitsFor({ name, address, latitude, longitude }));
    const { vibeScores, detectedVibes, likely } = blendVibes({ category, name: row.name, permits });
    venues.push({
      external_id: EXTERNAL_ID_PREFIX + id,
      name,
      category,
      description: null,
      address,
      latitude,
      longitude,
      image_url: null,
      rating: null,
      review_count: null,
      phone_number: formatPhone(row.phone_number),
      website: null,
      hours: [],
      vibe_scores: vibeScores,
      detected_vibes: detectedVibes,
      likely_vibes: likely,
      source: SEED_SOURCE,
      attribution: PERMIT_ATTRIBUTION,
    });
  }
  stats.venues = venues.length;
  return { venues, stats };
}

/** The seed venues (see loadSeed for what is kept). */
export function readSeedVenues(csvPath: string | URL = SEED_CSV_URL): SeedVenue[] {
  return loadSeed(csvPath).venues;
}

// ---------------------------------------------------------------------------------------------
// Writing

const COLUMNS = [
  "external_id",
  "name",
  "category",
  "description",
  "address",
  "latitude",
  "longitude",
  "image_url",
  "rating",
  "review_count",
  "phone_number",
  "website",
  "hours",
  "vibe_scores",
  "detected_vibes",
  "likely_vibes",
  "source",
  "attribution",
] as const;
/** Casts of the parameters whose type PostgreSQL cannot infer from a JS value. */
const CASTS: Partial<Record<(typeof COLUMNS)[number], string>> = {
  latitude: "::double precision",
  longitude: "::double precision",
  rating: "::real",
  review_count: "::integer",
  hours: "::text[]",
  vibe_scores: "::jsonb",
  detected_vibes: "::text[]",
  likely_vibes: "::jsonb",
};
/** 500 rows x 18 columns = 9,000 parameters per statement (the protocol allows 65,535). */
export const SEED_BATCH_SIZE = 500;

async function insertBatch(tx: Queryable, batch: SeedVenue[]): Promise<number> {
  const params: unknown[] = [];
  const tuples = batch.map((v) => {
    const slots = COLUMNS.map((c) => {
      const value = c === "vibe_scores" || c === "likely_vibes" ? JSON.stringify(v[c]) : v[c];
      params.push(value);
      return `$${params.length}${CASTS[c] ?? ""}`;
    });
    return `(${slots.join(", ")})`;
  });
  const sql =
    `INSERT INTO venues (${COLUMNS.join(", ")}) VALUES ${tuples.join(", ")} ` +
    `ON CONFLICT (external_id) DO UPDATE SET ${COLUMNS.filter((c) => c !== "external_id")
      .map((c) => `${c} = EXCLUDED.${c}`)
      .join(", ")}, updated_at = now()
     WHERE venues.last_synced_at IS NULL AND (${COLUMNS.filter((c) => c !== "external_id")
       .map((c) => `venues.${c}`)
       .join(", ")}) IS DISTINCT FROM (${COLUMNS.filter((c) => c !== "external_id")
       .map((c) => `EXCLUDED.${c}`)
       .join(", ")})
     RETURNING (xmax = 0) AS inserted`;
  const rows = await tx.query<{ inserted: boolean }>(sql, params);
  return rows.filter((r) => r.inserted).length;
}

// ---------------------------------------------------------------------------------------------
// Which permit venues add a place OpenStreetMap lacks

/** A permit venue this close to a same-named OSM venue is that venue (the sync's 50 m, a bit tighter). */
export const PERMIT_SAME_NAME_M = 40;
/** A permit venue this close to any OSM venue shares its door: the OSM place is what is there now. */
export const PERMIT_SAME_SPOT_M = 15;

export interface PermitSelection {
  kept: SeedVenue[];
  dropped: {
    /** Inside the box OSM's central file covers: OSM has what is there now. */
    centralBox: number;
    /** Bars and clubs: OSM's bar file covers the whole city. */
    barOrClub: number;
    /** Within PERMIT_SAME_NAME_M of an OSM venue of a similar name. */
    sameNameNearby: number;
    /** Within PERMIT_SAME_SPOT_M of an OSM venue of another name. */
    sameSpot: number;
  };
  byCategory: Record<VenueCategory, number>;
}

/** The permit venues worth keeping beside the OSM places (see the header), each rule counted. */
export function selectPermitVenues(permit: readonly SeedVenue[], osm: readonly SourcePlace[]): PermitSelection {
  const out: PermitSelection = {
    kept: [],
    dropped: { centralBox: 0, barOrClub: 0, sameNameNearby: 0, sameSpot: 0 },
    byCategory: { Bar: 0, Restaurant: 0, Cafe: 0, Club: 0 },
  };
  // OSM places by ~100 m cell, for the distance checks
  const cell = (lat: number, lng: number) => `${Math.floor(lat * 1000)}:${Math.floor(lng * 1000)}`;
  const grid = new Map<string, SourcePlace[]>();
  for (const p of osm) {
    const k = cell(p.latitude, p.longitude);
    (grid.get(k) ?? grid.set(k, []).get(k)!).push(p);
  }
  const near = (lat: number, lng: number) => {
    const found: SourcePlace[] = [];
    for (const dy of [-1, 0, 1])
      for (const dx of [-1, 0, 1]) found.push(...(grid.get(cell(lat + dy / 1000, lng + dx / 1000)) ?? []));
    return found;
  };
  for (const v of permit) {
    if (inCentralBox(v.latitude, v.longitude)) {
      out.dropped.centralBox++;
      continue;
    }
    if (v.category === "Bar" || v.category === "Club") {
      out.dropped.barOrClub++;
      continue;
    }
    const around = near(v.latitude, v.longitude).map((p) => ({
      p,
      d: haversineMeters(p.latitude, p.longitude, v.latitude, v.longitude),
    }));
    if (around.some(({ p, d }) => d <= PERMIT_SAME_NAME_M && namesSimilar(p.name, v.name))) {
      out.dropped.sameNameNearby++;
      continue;
    }
    if (around.some(({ d }) => d <= PERMIT_SAME_SPOT_M)) {
      out.dropped.sameSpot++;
      continue;
    }
    out.kept.push(v);
    out.byCategory[v.category]++;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Bump when a rule changes, so that the next start applies the seed again (in place). */
export const SEED_VERSION = "osm-2";
const SEED_NAME = "venues";

/** San Francisco's box as a circle (centre to corner ~10.8 km): the stored venues the OSM places may merge with. */
export const SEED_AREA = { latitude: 37.77, longitude: -122.435, radius: 12_000 } as const;

/** The digest of the seed files and rules: seed_state holds the last one applied. */
export function seedDigest(): string {
  // The blend's and the text model's methods are part of it: a new blend or a new text model recomputes every
  // seeded venue's scores on the next start.
  const h = createHash("sha256").update(SEED_VERSION).update(BLEND_METHOD).update(LIKELY_METHOD).update(MODEL_METHOD);
  for (const url of [OSM_BARS_URL, OSM_CENTRAL_URL, CENTRAL_REPAIRS_URL, SEED_CSV_URL, ENTERTAINMENT_PERMITS_URL])
    h.update(readFileSync(url));
  return h.digest("hex");
}

/**
 * Upserts permit venues by external_id, in multi-row statements of SEED_BATCH_SIZE; a row a sync
 * has since merged into (last_synced_at set) is left to the sync. Answers how many were new.
 */
async function upsertPermitVenues(tx: Queryable, rows: readonly SeedVenue[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += SEED_BATCH_SIZE) n += await insertBatch(tx, rows.slice(i, i + SEED_BATCH_SIZE));
  return n;
}

export interface SeedResult {
  /** Venues added (OpenStreetMap and permit). */
  inserted: number;
  /** OpenStreetMap venues changed in place. */
  updated: number;
  /** Venues the seed holds. */
  total: number;
  /** Earlier permit venues removed (now dropped by the rules, and nobody's favourite or venue). */
  removed: number;
  /** True when seed_state said these files were applied already: nothing was done. */
  skipped: boolean;
  ms: number;
}

/**
 * Applies the seed (see the header) when its files or rules differ from the last applied, else
 * does nothing (`skipped`). `force` applies it regardless. Running it again over the same database
 * updates in place: OSM places through the sync's matching by external id, permit rows by theirs.
 */
export async function seedVenues(db: Db, opts: { force?: boolean } = {}): Promise<SeedResult> {
  const started = performance.now();
  const digest = seedDigest();
  const done = await db.query<{ digest: string }>("SELECT digest FROM seed_state WHERE name = $1", [SEED_NAME]);
  if (!opts.force && done[0]?.digest === digest)
    return {
      inserted: 0,
      updated: 0,
      total: 0,
      removed: 0,
      skipped: true,
      ms: Math.round(performance.now() - started),
    };

  const { places } = loadOsmSeed();
  const permit = selectPermitVenues(loadSeed().venues, places).kept;

  // Permit venues of an earlier seed that the rules now drop go first (so that OSM places do not
  // merge into them), unless someone saved, owns or broadcast from one, or a sync merged into it.
  const removed = await db.query<{ id: number }>(
    `DELETE FROM venues v
      WHERE v.source = $1 AND NOT (v.external_id = ANY($2::text[])) AND v.last_synced_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM favorites f WHERE f.venue_id = v.id)
        AND NOT EXISTS (SELECT 1 FROM venue_owners o WHERE o.venue_id = v.id)
        AND NOT EXISTS (SELECT 1 FROM venue_updates u WHERE u.venue_id = v.id)
      RETURNING v.id`,
    [SEED_SOURCE, permit.map((v) => v.external_id)],
  );
  const osm = await writeSourcePlaces(db, [places], SEED_AREA, [createOverpassSource({ timeoutMs: 1 })], {
    analyzeTexts: analyzeVenueTexts,
  });
  const insertedPermit = await db.transaction((tx) => upsertPermitVenues(tx, permit));
  // A permit venue the seed rewrote keeps what VIBE's people said of it (reviews, vibe votes): it
  // is blended again with them, as a review or a vote would (OSM venues: the sync's write does it).
  const said = await db.query<{ id: number }>(
    `SELECT v.id FROM venues v
      WHERE v.source = $1 AND v.last_synced_at IS NULL
        AND (EXISTS (SELECT 1 FROM vibe_votes x WHERE x.venue_id = v.id)
             OR EXISTS (SELECT 1 FROM member_reviews r
                         WHERE r.venue_id = v.id AND r.removed_at IS NULL AND r.text <> ''))
      ORDER BY v.id`,
    [SEED_SOURCE],
  );
  for (const { id } of said) await reblendVenue(db, id, [], analyzeVenueTexts);
  await db.query(
    `INSERT INTO seed_state (name, digest) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET digest = EXCLUDED.digest, applied_at = now()`,
    [SEED_NAME, digest],
  );
  return {
    inserted: osm.added + insertedPermit,
    updated: osm.updated,
    total: osm.added + osm.updated + osm.unchanged + permit.length,
    removed: removed.length,
    skipped: false,
    ms: Math.round(performance.now() - started),
  };
}
