/**
 * San Francisco's entertainment permits (data/seed/sf_entertainment_permits_2026-05-10.csv: the
 * Entertainment Commission's active permits on DataSF, public domain; data/seed/SOURCES.md), joined
 * to venues by name, address and distance, and read as evidence (docs/seed-data.md, "Entertainment
 * permits"; docs/vibe-analysis.md, "The blend"):
 *
 * - Place of Entertainment (POE) and Limited Live Performance (LLP) permit live performances: a hint
 *   of Live Music, and, for a club or a Place of Entertainment also licensed past 2 AM, of Energetic;
 * - Billiard or Pool Tables (BP): Social;
 * - Extended Hours Premises (EHP), Mechanical Amusement Device (MAD) and Fixed Place Amplified Sound
 *   (FPAS) are shown as facts but are no vibe by themselves (donut shops and hotels hold EHP).
 *
 * The join (`permitsFor`): a permit belongs to a venue within PERMIT_NAME_M of its point whose name
 * is similar (sync's namesSimilar) to one of the permit's names ("Cable Car Restaurant/Kennedy's
 * Irish Pub" is two), or within PERMIT_ADDRESS_M at the same street address (number and street)
 * when the names share a distinctive word (or one begins the other: "Pitts Pub", "Pittsburgh's
 * Pub"). A permit may so join two venues that share a name and a door ("Dawn Club & Lark Bar").
 * The file is read once, when first needed.
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { haversineMeters } from "../db/earth";
import { words } from "../vibes/words";
import { PERMIT_CODES, type PermitCode } from "../vibes/permit-words";
import { nameTokens, namesSimilar } from "./sync/match";

export const ENTERTAINMENT_PERMITS_URL = new URL(
  "../../../data/seed/sf_entertainment_permits_2026-05-10.csv",
  import.meta.url,
);
/** One active permit (a row of the file) with a position. */
export interface EntertainmentPermit {
  /** The row's DataSF id (":id"). */
  id: string;
  /** `dba_name` as written ("HARRIS' RESTAURANT", "Cable Car Restaurant/Kennedy's Irish Pub"). */
  name: string;
  /** `street_address` as written ("1232 GRANT AVE"). */
  address: string;
  latitude: number;
  longitude: number;
  codes: PermitCode[];
}

/** A venue as the join reads it. */
export interface PermitCandidate {
  name: string;
  address: string | null;
  latitude: number;
  longitude: number;
}

/** A permit this close to a venue of a similar name is that venue's (geocoded points and OSM nodes differ). */
export const PERMIT_NAME_M = 120;
/** A permit at a venue's street address this close, sharing a distinctive name word, is that venue's. */
export const PERMIT_ADDRESS_M = 200;

const SUFFIXES: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  boulevard: "blvd",
  place: "pl",
  drive: "dr",
  road: "rd",
  lane: "ln",
  terrace: "ter",
  court: "ct",
  alley: "aly",
  highway: "hwy",
  square: "sq",
  plaza: "plz",
};

const STREET_TYPES = new Set([...Object.values(SUFFIXES), "st", "way", "walk", "row", "cir"]);
const UNIT_WORDS = new Set(["unit", "suite", "ste", "apt", "floor", "fl"]);

/**
 * "1232 GRANT AVE" and "1232 Grant Avenue, San Francisco, CA" -> "1232 grant ave": the house number
 * (its first number: "1500-1502" and "1504B" read 1500 and 1504) and the street, suffixes abbreviated,
 * units dropped; null without a number.
 */
export function addressKey(address: string | null | undefined): string | null {
  const street = address?.split(",")[0] ?? "";
  const tokens = words(street);
  const at = tokens.findIndex((t) => /^\d+[a-z]?$/.test(t));
  if (at < 0) return null;
  const number = tokens[at].replace(/\D+$/, "");
  const rest: string[] = [];
  for (const t of tokens.slice(at + 1)) {
    if (UNIT_WORDS.has(t)) break;
    const word = SUFFIXES[t] ?? t;
    rest.push(word);
    if (STREET_TYPES.has(word)) break;
  }
  return rest.length ? `${number} ${rest.join(" ")}` : null;
}

/** A permit's names: "A / B" and "A/B" are two; "(fka …)" is dropped. */
export function permitNames(name: string): string[] {
  return name
    .replace(/\((?:fka|aka|dba)[^)]*\)/gi, " ")
    .split(/\s*\/\s*/)
    .map((n) => n.trim())
    .filter(Boolean);
}

/** Words that say what a place is (sync's generic words and a few more): sharing one says nothing. */
const GENERIC = new Set([
  ...["cafe", "coffee", "bar", "pub", "restaurant", "club", "grill", "kitchen", "bistro", "house", "lounge"],
  ...["tavern", "saloon", "inn", "co", "company", "pizza", "wine", "sf", "san", "francisco", "the", "and", "hotel"],
  ...["room", "social", "cocktail", "cocktails", "billiards", "billiard", "theater", "theatre", "inc", "llc"],
]);
const distinctive = (name: string) => nameTokens(name).filter((t) => !GENERIC.has(t) && !/^\d+$/.test(t));

/** A distinctive word in both names, or one that begins the other's ("Pitts Pub" and "Pittsburgh's Pub"). */
function sharesDistinctiveWord(a: string, b: string): boolean {
  const mine = distinctive(a);
  return distinctive(b).some((w) =>
    mine.some((m) => m === w || (Math.min(m.length, w.length) >= 4 && (m.startsWith(w) || w.startsWith(m)))),
  );
}

/** Whether a permit is this venue's (see the header). */
export function permitMatches(permit: EntertainmentPermit, venue: PermitCandidate): boolean {
  const d = haversineMeters(permit.latitude, permit.longitude, venue.latitude, venue.longitude);
  if (d > Math.max(PERMIT_NAME_M, PERMIT_ADDRESS_M)) return false;
  const names = permitNames(permit.name);
  if (d <= PERMIT_NAME_M && names.some((n) => namesSimilar(n, venue.name))) return true;
  const key = addressKey(venue.address);
  return (
    d <= PERMIT_ADDRESS_M &&
    key !== null &&
    key === addressKey(permit.address) &&
    names.some((n) => sharesDistinctiveWord(n, venue.name))
  );
}

interface Row {
  ":id": string;
  active_licenses: string;
  dba_name: string;
  street_address: string;
  latitude: string;
  longitude: string;
}

export interface PermitFile {
  permits: EntertainmentPermit[];
  /** Rows of the file, and those without coordinates (which cannot be joined). */
  rows: number;
  unlocated: string[];
}

/** Reads the permits file: every row with coordinates and at least one known permit code. */
export function readEntertainmentPermits(url: URL = ENTERTAINMENT_PERMITS_URL): PermitFile {
  const rows = parse(readFileSync(url), { columns: true, bom: true, skip_empty_lines: true }) as Row[];
  const permits: EntertainmentPermit[] = [];
  const unlocated: string[] = [];
  for (const r of rows) {
    const latitude = Number(r.latitude);
    const longitude = Number(r.longitude);
    const codes = r.active_licenses
      .split(",")
      .map((c) => c.trim())
      .filter((c): c is PermitCode => (PERMIT_CODES as readonly string[]).includes(c));
    if (!r.latitude.trim() || !r.longitude.trim() || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
      unlocated.push(r.dba_name);
      continue;
    }
    if (codes.length)
      permits.push({ id: r[":id"], name: r.dba_name, address: r.street_address, latitude, longitude, codes });
  }
  return { permits, rows: rows.length, unlocated };
}

/** The permits by ~200 m cell, for lookups near a point. */
class PermitGrid {
  private readonly cells = new Map<string, EntertainmentPermit[]>();
  private static readonly DEG = 0.002;
  constructor(permits: readonly EntertainmentPermit[]) {
    for (const p of permits) {
      const k = PermitGrid.key(p.latitude, p.longitude);
      (this.cells.get(k) ?? this.cells.set(k, []).get(k)!).push(p);
    }
  }
  private static key(lat: number, lng: number, dy = 0, dx = 0) {
    return `${Math.floor(lat / PermitGrid.DEG) + dy}:${Math.floor(lng / (PermitGrid.DEG * 1.3)) + dx}`;
  }
  near(lat: number, lng: number): EntertainmentPermit[] {
    const out: EntertainmentPermit[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) out.push(...(this.cells.get(PermitGrid.key(lat, lng, dy, dx)) ?? []));
    return out;
  }
}

let grid: PermitGrid | null = null;

/** The permits of the shipped file that are this venue's (see the header); [] for a venue far from any. */
export function permitsFor(venue: PermitCandidate): EntertainmentPermit[] {
  grid ??= new PermitGrid(readEntertainmentPermits().permits);
  return grid.near(venue.latitude, venue.longitude).filter((p) => permitMatches(p, venue));
}

/** The permit types a venue holds, each once, in PERMIT_CODES order. */
export function permitCodes(permits: readonly EntertainmentPermit[]): PermitCode[] {
  const held = new Set(permits.flatMap((p) => p.codes));
  return PERMIT_CODES.filter((c) => held.has(c));
}

export interface PermitJoin {
  /** Permits (with coordinates) joined to at least one venue, and the venues they joined. */
  joined: { permit: EntertainmentPermit; venues: string[] }[];
  /** Permits with coordinates that joined no venue. */
  unjoined: EntertainmentPermit[];
  /** Venues with at least one permit. */
  venues: number;
}

/** Joins every permit of the file to a list of venues (the seed's), as permitsFor does one venue. */
export function joinPermits(
  venues: readonly (PermitCandidate & { key: string })[],
  permits: readonly EntertainmentPermit[],
) {
  const byPermit = new Map<string, string[]>();
  const withPermit = new Set<string>();
  const local = new PermitGrid(permits);
  for (const v of venues)
    for (const p of local.near(v.latitude, v.longitude))
      if (permitMatches(p, v)) {
        (byPermit.get(p.id) ?? byPermit.set(p.id, []).get(p.id)!).push(v.key);
        withPermit.add(v.key);
      }
  const out: PermitJoin = { joined: [], unjoined: [], venues: withPermit.size };
  for (const p of permits) {
    const keys = byPermit.get(p.id);
    if (keys) out.joined.push({ permit: p, venues: keys });
    else out.unjoined.push(p);
  }
  return out;
}
