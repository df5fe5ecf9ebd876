import { DEFAULT_COORDS } from "@shared/vocabulary";
import { GEOLOCATION } from "@client/lib/texts";

export interface Coords {
  latitude: number;
  longitude: number;
}

/** A position to search around; `located` is false for the default point (distances from it are not the person's). */
export interface SearchPosition extends Coords {
  located: boolean;
}

/**
 * The browser's position when the person has already allowed it, else the default point: the
 * Groups tab never triggers a permission prompt of its own.
 */
export async function positionIfGranted(): Promise<SearchPosition> {
  const fallback = { ...DEFAULT_COORDS, located: false };
  const geo = typeof navigator !== "undefined" ? navigator.geolocation : undefined;
  if (!geo || !navigator.permissions?.query) return fallback;
  try {
    const permission = await navigator.permissions.query({ name: "geolocation" });
    if (permission.state !== "granted") return fallback;
  } catch {
    return fallback;
  }
  return new Promise((resolve) => {
    geo.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, located: true }),
      () => resolve(fallback),
      {
        timeout: GEOLOCATION.timeoutMs,
        maximumAge: GEOLOCATION.maximumAgeMs,
        enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
      },
    );
  });
}

/** Coordinates rounded for the query string (about 11 m). */
export const roundCoord = (n: number) => Math.round(n * 10_000) / 10_000;
