import { FEED_TEXT } from "@client/features/feed/texts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * A short age for a post or comment: "just now", "5m ago", "3h ago", "2d ago", then the date
 * ("Mar 5", with the year when it is not this year). Times a little in the future (clock skew)
 * count as just now.
 */
export function formatRelativeTime(iso: string | Date, now: Date = new Date(), timeZone?: string): string {
  const then = iso instanceof Date ? iso : new Date(iso);
  const t = then.getTime();
  if (Number.isNaN(t)) return "";
  const age = now.getTime() - t;
  if (age < MINUTE) return FEED_TEXT.justNow;
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h ago`;
  if (age < WEEK) return `${Math.floor(age / DAY)}d ago`;
  const sameYear = yearIn(then, timeZone) === yearIn(now, timeZone);
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
    timeZone,
  }).format(then);
}

function yearIn(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone }).format(date);
}

/** The full date and time, for a tooltip (title) next to the relative one. */
export function formatAbsoluteTime(iso: string | Date, timeZone?: string): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
