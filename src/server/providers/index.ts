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

/** For the admin panel's Service Status card. */
export function sourceStatuses(config: SourceConfig): SourceStatusEntry[] {
  return [
    { name: "OpenStreetMap (Overpass)", available: true, detail: host(config.overpassUrl || OVERPASS_DEFAULT_URL) },
    {
      name: "Google Places",
      available: !!config.googlePlacesApiKey,
      detail: config.googlePlacesApiKey
        ? host(config.googlePlacesUrl || GOOGLE_PLACES_DEFAULT_URL)
        : "GOOGLE_PLACES_API_KEY not set",
    },
  ];
}
