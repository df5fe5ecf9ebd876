/**
 * Embedded seed venues: the DataSF "permitted food businesses" file of 2016 (public domain, see
 * data/seed/SOURCES.md), turned into venue rows and inserted idempotently.
 *
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
 * documented name prior ("prior-v1"), not observations.
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { ATTRIBUTION, type VenueCategory } from "@shared/constants";
import { classifyName, detectedVibesFrom, priorVibeScores, type CategoryRule } from "../vibes/prior";
import type { Db, Queryable } from "../db/client";

export const SEED_CSV_URL = new URL("../../../data/seed/sf_food_businesses_datasf_2016.csv", import.meta.url);
export const SEED_SOURCE = "datasf";
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

/** "+14155531470" -> "(415) 553-1470" (every number in the file is a +1 E.164 number). */
export function formatPhone(raw: string): string | null {
  const s = raw.trim();
  if (!s) return null;
  const m = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(s);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : s;
}

/**
 * "<address>, San Francisco, CA <zip>". The city column is free text ("S.F.", "SF", "San Franciisco",
 * blank...) and every kept row is inside SF, so the city is always written San Francisco. The ZIP is
 * kept only when it is an SF ZIP (941xx, ZIP+4 cut to 5 digits); "CA", "00000" or an out-of-town
 * owner ZIP is left out rather than shown.
 */
export function formatAddress(street: string, postalCode: string): string {
  const parts: string[] = [];
  const s = street.replace(/\s+/g, " ").replace(/^[\s,]+|[\s,]+$/g, "");
  if (s) parts.push(s);
  const digits = postalCode.replace(/\D/g, "");
  const zip = /^941\d\d(\d{4})?$/.test(digits) ? digits.slice(0, 5) : null;
  parts.push(zip ? `San Francisco, CA ${zip}` : "San Francisco, CA");
  return parts.join(", ");
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
    const name = tidyName(row.name);
    const vibeScores = priorVibeScores(category, row.name);
    venues.push({
      external_id: EXTERNAL_ID_PREFIX + id,
      name,
      category,
      description: null,
      address: formatAddress(row.address, row.postal_code),
      latitude,
      longitude,
      image_url: null,
      rating: null,
      review_count: null,
      phone_number: formatPhone(row.phone_number),
      website: null,
      hours: [],
      vibe_scores: vibeScores,
      detected_vibes: detectedVibesFrom(vibeScores),
      source: SEED_SOURCE,
      attribution: ATTRIBUTION.venues,
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
};
/** 500 rows x 17 columns = 8,500 parameters per statement (the protocol allows 65,535). */
export const SEED_BATCH_SIZE = 500;

async function insertBatch(tx: Queryable, batch: SeedVenue[]): Promise<number> {
  const params: unknown[] = [];
  const tuples = batch.map((v) => {
    const slots = COLUMNS.map((c) => {
      const value = c === "vibe_scores" ? JSON.stringify(v.vibe_scores) : v[c];
      params.push(value);
      return `$${params.length}${CASTS[c] ?? ""}`;
    });
    return `(${slots.join(", ")})`;
  });
  const sql =
    `INSERT INTO venues (${COLUMNS.join(", ")}) VALUES ${tuples.join(", ")} ` +
    "ON CONFLICT (external_id) DO NOTHING RETURNING id";
  const inserted = await tx.query<{ id: number }>(sql, params);
  return inserted.length;
}

/**
 * Inserts the seed venues (readSeedVenues() unless given) that are not there yet, by external_id,
 * in one transaction, in multi-row statements of SEED_BATCH_SIZE; `ms` includes reading the CSV. Running it again inserts nothing and changes nothing:
 * existing rows, including any later edits to them, are left alone.
 */
export async function seedVenues(
  db: Db,
  venues?: SeedVenue[],
): Promise<{ inserted: number; total: number; ms: number }> {
  const started = performance.now();
  const rows = venues ?? readSeedVenues();
  const inserted = await db.transaction(async (tx) => {
    let n = 0;
    for (let i = 0; i < rows.length; i += SEED_BATCH_SIZE)
      n += await insertBatch(tx, rows.slice(i, i + SEED_BATCH_SIZE));
    return n;
  });
  return { inserted, total: rows.length, ms: Math.round(performance.now() - started) };
}
