/**
 * Opening hours: OpenStreetMap `opening_hours` values read with the `opening_hours` library, in the
 * venues' time zone (VENUE_TIME_ZONE), whatever zone the server runs in. docs/discovery.md, "Opening
 * hours", has the rules; in short:
 *
 * - status(value, now): "Open now · closes 2 AM" / "Closed · opens 5 PM" / "Open 24 hours", or null
 *   when the value does not parse or the state at `now` is unknown (a venue without hours says
 *   nothing). Computed on the server for each answer (cards and details), so that the "Open now"
 *   filter, the cards and the natural-language search agree on one clock and one parser, and
 *   the client ships no parser (the library and its holiday data are ~190 kB).
 * - week(value, now): the spec's `hours` list for the week that contains `now`, Monday first:
 *   "Monday: 5 PM – 2 AM", "Tuesday: Closed", "Friday: 11:30 AM – 2:30 PM, 5 – 10 PM".
 * - openLate(value, now): open at some moment between midnight and 4 AM of tonight.
 *
 * The library reads a Date's *local* fields (getHours, getDay). So it is given "wall" dates: a Date
 * whose local fields are the Los Angeles wall clock at that instant. Open and closed are a matter of
 * the wall clock, so this is right across midnight and across daylight-saving changes: at 3:00 PDT
 * on the night the clocks spring forward, the wall clock says 3:00 and a bar that closes at 2 is
 * closed; in the repeated hour of the autumn change, 1:30 reads as 1:30 both times. A server whose own
 * zone has daylight saving cannot hold one local hour a year (its own spring gap); run servers in UTC
 * (docs/deploy.md) and the wall clock is exact.
 */
import opening_hours from "opening_hours";
import { VENUE_TIME_ZONE } from "@shared/vocabulary";

export { VENUE_TIME_ZONE };
/** For public holidays (PH) in the values: the library's US and California calendar. */
const NOMINATIM = { lat: 37.7749, lon: -122.4194, address: { country_code: "us", state: "California" } };

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const DAY_MS = 86_400_000;

const wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: VENUE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** The wall clock of VENUE_TIME_ZONE at an instant, as a Date whose local fields say it. */
export function wallDate(instant: Date): Date {
  const f: Record<string, number> = {};
  for (const p of wallFormat.formatToParts(instant)) if (p.type !== "literal") f[p.type] = Number(p.value);
  return new Date(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
}

/** Parsed values, by value (a few hundred distinct ones in San Francisco); null: does not parse. */
const parsed = new Map<string, opening_hours | null>();
const PARSED_MAX = 20_000;

/** The parsed value, or null when it is empty or not valid opening_hours syntax. */
export function parseOpeningHours(value: string | null | undefined): opening_hours | null {
  const v = value?.trim();
  if (!v) return null;
  let oh = parsed.get(v);
  if (oh === undefined) {
    try {
      oh = spillKept(new opening_hours(v, NOMINATIM), v);
    } catch {
      oh = null;
    }
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(v, oh);
  }
  return oh;
}

const SPILL_CUT = "additional_rule_separator_not_used_after_time_wrapping_midnight";
/** A fixed week (Monday 5 Jan 2026) on which a corrected value is compared with the value as written. */
const REFERENCE_MONDAY = new Date(2026, 0, 5);

/**
 * "Fr 14:00-25:00; Sa 13:00-25:00": by the letter of the syntax the Saturday rule replaces all of
 * Saturday, the hour after Friday's midnight included, so the bar would close Friday at midnight.
 * 64 of the seed's 590 values are written so; the library warns, and the mapper meant "Friday until
 * 1 AM". The value is read with "," (an additional rule) before each rule it warns about, but only
 * when that changes nothing after 6 AM on any day of a week: then all the correction does is keep
 * the night's spill past midnight. "Mo-Su 10:00-02:00; Su 12:00-18:00" (Sunday's own hours) is
 * left as written.
 */
function spillKept(oh: opening_hours, value: string): opening_hours {
  const cuts = oh.getStructuredWarnings().filter((w) => w.type === SPILL_CUT && w.position !== null);
  if (!cuts.length) return oh;
  const chars = [...value];
  for (const w of cuts) {
    // the warning points at the end of the overriding rule; the separator before that rule is cut
    const at = value.lastIndexOf(";", (w.position ?? 0) - 1);
    if (at > 0) chars[at] = ",";
  }
  let fixed: opening_hours;
  try {
    fixed = new opening_hours(chars.join(""), NOMINATIM);
  } catch {
    return oh;
  }
  for (let d = 0; d < 7; d++) {
    const from = addDays(REFERENCE_MONDAY, d);
    const day = [new Date(from.getTime() + 6 * 3_600_000), addDays(REFERENCE_MONDAY, d + 1)] as const;
    const a = oh.getOpenIntervals(...day).map(([f, t]) => `${f.getTime()}-${t.getTime()}`);
    const b = fixed.getOpenIntervals(...day).map(([f, t]) => `${f.getTime()}-${t.getTime()}`);
    if (a.join() !== b.join()) return oh;
  }
  return fixed;
}

/** "2 AM", "5:30 PM", "noon", "midnight" for a wall date. */
export function clockText(wall: Date): string {
  const h = wall.getHours();
  const m = wall.getMinutes();
  if (m === 0 && h === 0) return "midnight";
  if (m === 0 && h === 12) return "noon";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "AM" : "PM"}`;
}

const dayStart = (wall: Date) => new Date(wall.getFullYear(), wall.getMonth(), wall.getDate());
const addDays = (wall: Date, n: number) => new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + n);

/** "2 AM" when the change is today or early tomorrow (before 6 AM), else "Tue 11 AM". */
function changeText(now: Date, at: Date): string {
  const days = Math.round((dayStart(at).getTime() - dayStart(now).getTime()) / DAY_MS);
  if (days === 0 || (days === 1 && at.getHours() < 6 && now.getHours() >= 12)) return clockText(at);
  if (days === 1) return `tomorrow ${clockText(at)}`;
  return `${SHORT_DAYS[at.getDay()]} ${clockText(at)}`;
}

export interface OpenStatus {
  open: boolean;
  /** "Open now · closes 2 AM", "Closed · opens 5 PM", "Open 24 hours". */
  text: string;
  /** Closed, and opens within the hour (OPENS_SOON_MINUTES): listed with the open ones (issue 25). */
  soon?: true;
}

/** A closed venue that opens within this many minutes counts as open for the order of a match. */
export const OPENS_SOON_MINUTES = 60;

/**
 * Where a venue stands in a match's open-first order at `now` (issue 25, docs/discovery.md "Time
 * counts"): 0 open now or opening within the hour, 1 hours unknown, 2 closed.
 */
export type OpenTier = 0 | 1 | 2;
export function openTier(value: string | null | undefined, now: Date): OpenTier {
  const s = openStatus(value, now);
  return s === null ? 1 : s.open || s.soon ? 0 : 2;
}

/** Look this far ahead for the next change (a place closed for longer just says "Closed"). */
const HORIZON_DAYS = 8;

/**
 * Statuses of the current minute, by value: a search with the "Open now" filter asks about every
 * venue in its circle, and a few hundred distinct values cover the city (~25 µs each to compute).
 */
const statuses = new Map<string, OpenStatus | null>();
let statusMinute = Number.NaN;

/** The venue's state at `now` (see the header), or null when its hours are unknown or say nothing. */
export function openStatus(value: string | null | undefined, now: Date): OpenStatus | null {
  if (!value) return null;
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== statusMinute || statuses.size > PARSED_MAX) {
    statuses.clear();
    statusMinute = minute;
  }
  let status = statuses.get(value);
  if (status === undefined) statuses.set(value, (status = computeStatus(value, new Date(minute * 60_000))));
  return status;
}

function computeStatus(value: string, now: Date): OpenStatus | null {
  const oh = parseOpeningHours(value);
  if (!oh) return null;
  const wall = wallDate(now);
  try {
    if (oh.getUnknown(wall)) return null;
    const open = oh.getState(wall);
    const next = oh.getNextChange(wall, addDays(wall, HORIZON_DAYS));
    if (open) return { open, text: next ? `Open now · closes ${changeText(wall, next)}` : "Open 24 hours" };
    if (!next) return { open, text: "Closed" };
    const text = `Closed · opens ${changeText(wall, next)}`;
    return next.getTime() - wall.getTime() <= OPENS_SOON_MINUTES * 60_000 ? { open, text, soon: true } : { open, text };
  } catch {
    return null;
  }
}

/** Whether the venue is open at `now` (false when its hours are unknown). */
export const isOpenAt = (value: string | null | undefined, now: Date) => openStatus(value, now)?.open === true;

/**
 * Open at some moment between midnight and 4 AM of tonight: the night after today's evening, or,
 * from midnight to 4 AM, the night that is going on.
 */
export function isOpenLate(value: string | null | undefined, now: Date): boolean {
  if (!value) return false;
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lateMinute || lates.size > PARSED_MAX) {
    lates.clear();
    lateMinute = minute;
  }
  let late = lates.get(value);
  if (late === undefined) lates.set(value, (late = computeLate(value, now)));
  return late;
}
const lates = new Map<string, boolean>();
let lateMinute = Number.NaN;

function computeLate(value: string, now: Date): boolean {
  const oh = parseOpeningHours(value);
  if (!oh) return false;
  const wall = wallDate(now);
  const midnight = wall.getHours() < 4 ? dayStart(wall) : addDays(wall, 1);
  try {
    const late = oh.getOpenIntervals(midnight, new Date(midnight.getTime() + 4 * 3_600_000));
    return late.some(([, , unknown]) => !unknown);
  } catch {
    return false;
  }
}

/** The library's comment on an open end ("16:00+"): the closing time it shows is its own guess. */
const OPEN_END = "Specified as open end. Closing time was guessed.";
/** A last rule that only says something of every other time: `|| "Check calendar"`, `|| unknown "…"`. */
const FALLBACK_NOTE = /^(.*\S)\s*\|\|\s*(?:unknown\s*)?"([^"]*)"\s*$/s;

/**
 * The week that contains `now` (Monday to Sunday), one line a day: "Monday: 5 PM – 2 AM". An opening
 * belongs to the day it starts on; a day open all day says "Open 24 hours". Empty when the value does
 * not parse. Said as the value says it, nothing guessed (issue 26):
 *
 * - an open end: "16:00+" is "from 4 PM (no closing time given)", "16:00-22:00+" is "4 PM – 10 PM
 *   or later" (the library guesses a closing time; it is not shown);
 * - a time the value marks unknown: with its comment ("10 AM – 2 PM (by appointment)"), or "(may
 *   vary)" without one;
 * - a last rule about every other time (`|| "Check calendar"`) is one line after the week, in the
 *   value's words ('Other times: "Check calendar"'), not an opening from midnight on every day.
 */
export function weekHours(value: string | null | undefined, now: Date): string[] {
  const fallback = value ? FALLBACK_NOTE.exec(value.trim()) : null;
  const oh = parseOpeningHours(fallback ? fallback[1] : value);
  if (!oh) return [];
  const today = dayStart(wallDate(now));
  const monday = addDays(today, -((today.getDay() + 6) % 7));
  let intervals: [Date, Date, boolean, string | undefined][];
  try {
    intervals = oh.getOpenIntervals(addDays(monday, -1), addDays(monday, 8));
  } catch {
    return [];
  }
  // joined where one ends as the next begins (the library may cut at a rule's edge)
  const merged: { from: Date; to: Date; unknown: boolean; comment: string | undefined }[] = [];
  for (const [from, to, unknown, comment] of intervals) {
    const last = merged[merged.length - 1];
    if (last && last.to.getTime() === from.getTime() && last.unknown === unknown && last.comment === comment)
      last.to = to;
    else merged.push({ from, to, unknown, comment });
  }
  const lines: string[] = [];
  for (let d = 0; d < 7; d++) {
    const start = addDays(monday, d);
    const end = addDays(monday, d + 1);
    const name = DAYS[start.getDay()];
    if (merged.some((i) => !i.unknown && i.from <= start && i.to >= end)) {
      lines.push(`${name}: Open 24 hours`);
      continue;
    }
    const parts: string[] = [];
    const starting = merged.filter((i) => i.from >= start && i.from < end);
    for (let k = 0; k < starting.length; k++) {
      const i = starting[k];
      const from = clockText(i.from);
      // an opening that runs past the next midnight into the day after is shown to its end
      const to = i.to.getTime() - start.getTime() >= 2 * DAY_MS ? "late" : clockText(i.to);
      const next = starting[k + 1] ?? merged.find((m) => m.from.getTime() === i.to.getTime());
      if (!i.unknown) {
        const openEnd = next?.unknown && next.comment === OPEN_END && next.from.getTime() === i.to.getTime();
        parts.push(`${from} – ${to}${openEnd ? " or later" : ""}`);
        if (openEnd && starting[k + 1] === next) k++;
      } else if (i.comment === OPEN_END) {
        // an open end that does not follow an opening of its own ("16:00+")
        const prev = merged[merged.indexOf(i) - 1];
        if (!prev || prev.unknown || prev.to.getTime() !== i.from.getTime())
          parts.push(`from ${from} (no closing time given)`);
      } else parts.push(`${from} – ${to} (${i.comment || "may vary"})`);
    }
    lines.push(`${name}: ${parts.length ? parts.join(", ") : "Closed"}`);
  }
  if (fallback) lines.push(`Other times: “${fallback[2]}”`);
  return lines;
}
