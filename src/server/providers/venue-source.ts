/**
 * External venue sources (OpenStreetMap through Overpass, Google Places) behind one interface, and
 * the one way they call out: fetchJson, with a timeout per attempt, retries with exponential
 * backoff and jitter on 429 / 5xx / network errors (Retry-After honoured up to a cap), a size
 * limit, and a SourceError that says which source failed and why in words an operator can act on.
 * See docs/venue-sync.md.
 */
import type { VenueCategory } from "@shared/vocabulary";
import { cleanDeep, cleanText as cleanUnsafe } from "@shared/text";
import type { GooglePlaceAttributes } from "../vibes/types";

export type SourceId = "osm" | "google";

/** How each source is named in messages ("Synced 12 venues from OpenStreetMap and Google Places"). */
export const SOURCE_NAMES: Readonly<Record<SourceId, string>> = { osm: "OpenStreetMap", google: "Google Places" };

export interface SourceReview {
  author: string;
  /** 0..5, or null when the source gives none. */
  rating: number | null;
  text: string;
  /** ISO 8601, or null. */
  time: string | null;
}

export interface SourcePhoto {
  url: string;
  attribution: string | null;
}

/** One place as a source describes it, already mapped to the venue fields. */
export interface SourcePlace {
  source: SourceId;
  /** "osm:node/123", "osm:way/456", "google:<place id>". */
  externalId: string;
  name: string;
  /** Bar / Restaurant / Cafe / Club; null: not a venue we list (skipped). */
  category: VenueCategory | null;
  latitude: number;
  longitude: number;
  address: string | null;
  phone: string | null;
  website: string | null;
  hours: string[];
  description: string | null;
  rating: number | null;
  reviewCount: number | null;
  imageUrl: string | null;
  photos: SourcePhoto[];
  reviews: SourceReview[];
  /** OpenStreetMap tags (OSM only). */
  osmTags?: Record<string, string>;
  /** Google Places attributes the blend reads (Google only). */
  google?: GooglePlaceAttributes;
  /** The line to show wherever this place's data is shown. */
  attribution: string;
  /** The raw record (OSM element, Google place), kept in venue_sources.data for recomputing. */
  raw: unknown;
}

export interface VenueSource {
  id: SourceId;
  /** Human name used in messages. */
  name: string;
  /** False when the source is not configured (Google without GOOGLE_PLACES_API_KEY). */
  available(): boolean;
  /** Why available() is false, for the sync answer and the admin services list. */
  unavailableReason?(): string;
  /** Places of the venue categories within radiusMeters of the point. Throws SourceError. */
  fetchNearby(lat: number, lng: number, radiusMeters: number, signal: AbortSignal): Promise<SourcePlace[]>;
  /** The place again from a record this source returned earlier (venue_sources.data), or null. */
  fromStored(data: unknown): SourcePlace | null;
}

export type SourceErrorKind = "timeout" | "http" | "network" | "invalid" | "aborted";

/** A source call that failed; `message` is a sentence for the operator, `source` says which. */
export class SourceError extends Error {
  constructor(
    readonly source: SourceId,
    readonly kind: SourceErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SourceError";
  }
}

/** "20 s", "1.5 s", "300 ms". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : Number(s.toFixed(1))} s`;
}

export interface FetchPolicy {
  /** Deadline of each attempt (headers and body). */
  timeoutMs: number;
  /** Attempts after the first one, on 429, 5xx, network errors and per-attempt timeouts. */
  retries: number;
  /** Wait before the first retry; doubles each retry, with +-50 % jitter. */
  backoffMs: number;
  /** Longest wait between attempts. Default 8000. */
  maxBackoffMs?: number;
  /** Longest Retry-After honoured. Default 10000. */
  retryAfterCapMs?: number;
  /** Largest body read. Default 32 MiB. */
  maxBytes?: number;
  /** Which source is calling (named in errors). */
  source: SourceId;
  /** Cancels the whole call, waits included (the sync's deadline). */
  signal?: AbortSignal;
  /** Jitter source; tests pin it. Default Math.random. */
  random?: () => number;
  /** Told about each retry (for logs). */
  onRetry?: (info: { attempt: number; waitMs: number; reason: string }) => void;
}

export const FETCH_DEFAULTS = { maxBackoffMs: 8000, retryAfterCapMs: 10_000, maxBytes: 32 * 1024 * 1024 } as const;

/** Seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** Exponential backoff with jitter: backoff * 2^(attempt-1), times 0.5..1.5, capped. */
export function backoffDelay(
  attempt: number,
  policy: Pick<FetchPolicy, "backoffMs" | "maxBackoffMs" | "random">,
): number {
  const base = policy.backoffMs * 2 ** Math.max(0, attempt - 1);
  const jitter = 0.5 + (policy.random ?? Math.random)();
  return Math.round(Math.min(policy.maxBackoffMs ?? FETCH_DEFAULTS.maxBackoffMs, base * jitter));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A short, readable reason from an error body: Google's error.message, or text without tags. */
function upstreamReason(body: string): string {
  try {
    const j = JSON.parse(body) as { error?: { message?: string; status?: string } | string; message?: string };
    const m = typeof j.error === "string" ? j.error : (j.error?.message ?? j.message);
    if (m) return String(m).slice(0, 200);
  } catch {
    /* not JSON */
  }
  const text = body
    .replace(/<(head|script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z]+;/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([:;,.])/g, "$1")
    .trim();
  return text.slice(0, 200);
}

function networkCode(err: unknown): string | null {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === "string") return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

const isAbort = (err: unknown) =>
  (err as { name?: string })?.name === "AbortError" || (err as { name?: string })?.name === "TimeoutError";

async function readBody(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new RangeError("too large");
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new RangeError("too large");
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

type Attempt<T> =
  | { ok: true; value: T }
  | { ok: false; retry: boolean; error: SourceError; retryAfterMs?: number | null };

/**
 * Fetches `url` and parses its JSON body, retrying what is worth retrying. Throws SourceError:
 * timeout (an attempt or the whole call ran out of time), http (a status that is not 2xx after the
 * retries, with the upstream's own reason), network (refused, reset, closed mid-body), invalid
 * (the body is not JSON or is too large) or aborted (cancelled by the caller).
 */
export async function fetchJson<T = unknown>(url: string, init: RequestInit, policy: FetchPolicy): Promise<T> {
  const name = SOURCE_NAMES[policy.source];
  const maxBytes = policy.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const fail = (kind: SourceErrorKind, message: string, status?: number) =>
    new SourceError(policy.source, kind, message, status);
  const outerAborted = () => {
    const reason = policy.signal?.reason as { name?: string } | undefined;
    return reason?.name === "TimeoutError"
      ? fail("timeout", `${name} is not responding (timed out)`)
      : fail("aborted", `The call to ${name} was cancelled`);
  };

  const attempt = async (): Promise<Attempt<T>> => {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), policy.timeoutMs);
    const onOuter = () => ctl.abort();
    policy.signal?.addEventListener("abort", onOuter, { once: true });
    try {
      let res: Response;
      let body: Buffer;
      try {
        res = await fetch(url, { ...init, signal: ctl.signal, redirect: "error" });
        body = await readBody(res, maxBytes);
      } catch (err) {
        if (policy.signal?.aborted) return { ok: false, retry: false, error: outerAborted() };
        if (ctl.signal.aborted || isAbort(err)) {
          return {
            ok: false,
            retry: true,
            error: fail("timeout", `${name} is not responding (timed out after ${formatDuration(policy.timeoutMs)})`),
          };
        }
        if (err instanceof RangeError)
          return {
            ok: false,
            retry: false,
            error: fail("invalid", `${name} sent a response larger than ${Math.round(maxBytes / 1048576)} MiB`),
          };
        const code = networkCode(err);
        const midBody = /terminated|other side closed|premature close|aborted/i.test(
          `${(err as Error).message} ${String((err as { cause?: Error }).cause?.message ?? "")}`,
        );
        if (/redirect/i.test(String((err as { cause?: Error }).cause?.message ?? (err as Error).message))) {
          return {
            ok: false,
            retry: false,
            error: fail(
              "network",
              `${name} answered with a redirect, which is not followed (check the configured URL)`,
            ),
          };
        }
        const why =
          code === "ECONNREFUSED"
            ? "connection refused"
            : midBody || code === "UND_ERR_SOCKET" || code === "ECONNRESET"
              ? "the connection was closed before the response was complete"
              : (code ?? (err as Error).message);
        return { ok: false, retry: true, error: fail("network", `${name} could not be reached (${why})`) };
      }
      if (res.status === 429 || res.status >= 500) {
        const what = res.status === 429 ? "is rate limiting us" : "is unavailable";
        const reason = upstreamReason(body.toString("utf8"));
        return {
          ok: false,
          retry: true,
          retryAfterMs: parseRetryAfter(res.headers.get("retry-after")),
          error: fail("http", `${name} ${what} (HTTP ${res.status}${reason ? `: ${reason}` : ""})`, res.status),
        };
      }
      if (res.status < 200 || res.status > 299) {
        const reason = upstreamReason(body.toString("utf8"));
        return {
          ok: false,
          retry: false,
          error: fail(
            "http",
            `${name} refused the request (HTTP ${res.status}${reason ? `: ${reason}` : ""})`,
            res.status,
          ),
        };
      }
      try {
        // every string of the record cleaned of control and bidi characters (src/shared/text.ts):
        // a NUL in one place's tags had failed the whole sync (PostgreSQL stores no NUL)
        return { ok: true, value: cleanDeep(JSON.parse(body.toString("utf8"))) as T };
      } catch {
        return { ok: false, retry: false, error: fail("invalid", `${name} sent a response that is not valid JSON`) };
      }
    } finally {
      clearTimeout(timer);
      policy.signal?.removeEventListener("abort", onOuter);
    }
  };

  for (let n = 0; ; n++) {
    if (policy.signal?.aborted) throw outerAborted();
    const r = await attempt();
    if (r.ok) return r.value;
    if (!r.retry || n >= policy.retries) throw r.error;
    const cap = policy.retryAfterCapMs ?? FETCH_DEFAULTS.retryAfterCapMs;
    const waitMs = r.retryAfterMs != null ? Math.min(cap, r.retryAfterMs) : backoffDelay(n + 1, policy);
    policy.onRetry?.({ attempt: n + 1, waitMs, reason: r.error.message });
    try {
      await sleep(waitMs, policy.signal);
    } catch {
      throw outerAborted();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers the parsers share

/** An http(s) URL, or null: a link shown to people must never be javascript: or data:. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let v = value.trim().split(/\s*;\s*/)[0];
  if (!v || v.length > 2000) return null;
  // OSM often has bare domains ("www.example.com")
  if (!/^[a-z][a-z0-9+.-]*:/i.test(v) && /^[\w-]+(\.[\w-]+)+(\/|$)/.test(v)) v = `https://${v}`;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

/** One line of text (control and bidi characters removed), whitespace collapsed, cut to `max`; null when blank. */
export function cleanText(value: unknown, max = 2000): string | null {
  if (typeof value !== "string") return null;
  const v = cleanUnsafe(value).replace(/\s+/g, " ").trim();
  return v ? v.slice(0, max) : null;
}

export const validLatLng = (lat: unknown, lng: unknown): boolean =>
  typeof lat === "number" &&
  typeof lng === "number" &&
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180;
