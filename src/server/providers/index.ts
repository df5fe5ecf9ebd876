/**
 * The venue sources built from the config, and their status for the admin services list.
 */
import type { Config } from "../config";
import { createGooglePlacesSource, GOOGLE_PLACES_DEFAULT_URL } from "./google-places";
import { createOverpassSource, OVERPASS_DEFAULT_URL } from "./overpass";
import type { VenueSource } from "./venue-source";

export interface SourceLog {
  warn(obj: object, msg?: string): void;
}

type SourceConfig = Pick<Config, "overpassUrl" | "googlePlacesApiKey" | "googlePlacesUrl" | "syncTimeoutMs">;

/** Every source, OpenStreetMap first (its names and positions win a merge), available or not. */
export function buildSources(config: SourceConfig, log?: SourceLog): VenueSource[] {
  const onRetry = (source: string) => (info: { attempt: number; waitMs: number; reason: string }) =>
    log?.warn({ source, ...info }, "venue source call failed; retrying");
  return [
    createOverpassSource({
      url: config.overpassUrl || OVERPASS_DEFAULT_URL,
      timeoutMs: config.syncTimeoutMs,
      onRetry: onRetry("osm"),
    }),
    createGooglePlacesSource({
      apiKey: config.googlePlacesApiKey,
      baseUrl: config.googlePlacesUrl,
      timeoutMs: config.syncTimeoutMs,
      onRetry: onRetry("google"),
      onIncomplete: (info) =>
        log?.warn({ source: "google", ...info }, "Google Places sweep hit its call cap; some places may be missing"),
    }),
  ];
}

export interface SourceStatusEntry {
  name: string;
  available: boolean;
  detail: string;
}

const host = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Whether an address answers at all (any HTTP answer counts), within a few seconds. */
export type ReachCheck = (url: string) => Promise<{ reachable: boolean; detail: string }>;

const REACH_TIMEOUT_MS = 3_000;
/** The admin page asks on every visit: a source is probed at most once a minute. */
const REACH_TTL_MS = 60_000;

/**
 * A reachability check with a short memory (one per app: no state shared between apps in a test
 * process). "Available" used to mean "configured": OpenStreetMap said Available on a machine with
 * no network (issue 17). Any HTTP answer means the host is there (Overpass answers a bare GET of
 * its interpreter with 400); a refused connection, a DNS failure or a timeout means it is not.
 */
export function createReachCheck(now: () => number = Date.now): ReachCheck {
  const seen = new Map<string, { at: number; result: Promise<{ reachable: boolean; detail: string }> }>();
  return (url) => {
    const hit = seen.get(url);
    if (hit && now() - hit.at < REACH_TTL_MS) return hit.result;
    const started = performance.now();
    const result = fetch(url, { method: "GET", redirect: "manual", signal: AbortSignal.timeout(REACH_TIMEOUT_MS) })
      .then(async (res) => {
        await res.body?.cancel();
        const ms = Math.round(performance.now() - started);
        return res.status >= 500
          ? { reachable: false, detail: `${host(url)} answered HTTP ${res.status}` }
          : { reachable: true, detail: `${host(url)}, reachable (${ms} ms)` };
      })
      .catch((err: unknown) => {
        const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
        return {
          reachable: false,
          detail: `${host(url)} not reachable${timedOut ? ` (no answer in ${REACH_TIMEOUT_MS / 1000} s)` : ""}`,
        };
      });
    seen.set(url, { at: now(), result });
    return result;
  };
}

/** For the admin panel's Service Status card: a source is available when configured and reachable now. */
export async function sourceStatuses(config: SourceConfig, reach: ReachCheck): Promise<SourceStatusEntry[]> {
  const overpass = await reach(config.overpassUrl || OVERPASS_DEFAULT_URL);
  const googleUrl = config.googlePlacesUrl || GOOGLE_PLACES_DEFAULT_URL;
  const google = config.googlePlacesApiKey
    ? await reach(googleUrl)
    : { reachable: false, detail: "GOOGLE_PLACES_API_KEY not set" };
  return [
    { name: "OpenStreetMap (Overpass)", available: overpass.reachable, detail: overpass.detail },
    { name: "Google Places", available: google.reachable, detail: google.detail },
  ];
}
