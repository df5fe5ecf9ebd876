// A venue's address in the app (issues 17 and 26): /venues/osm/node/123 is the venue's page, for
// anyone, signed in or not; it can be shared, bookmarked and opened from a feed post or a group's
// top picks. The path itself is shared with the server (src/shared/venue-path.ts), which serves it
// with the venue's link-preview tags and redirects the first, encoded form to it.
export { venueOfPath, venuePath } from "@shared/venue-path";

/** History state of a venue opened from inside the app: its page then offers Back. */
export const FROM_APP = { vibeVenueFromApp: true } as const;

export function openedFromApp(state: unknown): boolean {
  return typeof state === "object" && state !== null && "vibeVenueFromApp" in state;
}

/** Home's matches around a venue ("See what's around it"): `/?near=latitude,longitude`. */
export function aroundPath(venue: { latitude: number; longitude: number }): string {
  return `/?near=${venue.latitude},${venue.longitude}`;
}

/** The point of a `near` parameter, or null when it is absent or not a point on Earth. */
export function nearOf(search: string): { latitude: number; longitude: number } | null {
  const near = new URLSearchParams(search).get("near");
  const m = near ? /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(near) : null;
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}
