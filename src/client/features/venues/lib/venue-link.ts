// A venue's address in the app (issue 17): /venues/:externalId opens Home with that venue's details
// sheet, so it can be shared, bookmarked and opened from a feed post or a group's top picks.
// External ids carry a colon and, for OpenStreetMap, a slash ("osm:node/123"): the segment is encoded.

const PREFIX = "/venues/";

export function venuePath(externalId: string): string {
  return `${PREFIX}${encodeURIComponent(externalId)}`;
}

/** The external id of a /venues/… path segment (decoded once; a broken escape is no venue). */
export function externalIdFromSegment(segment: string): string | null {
  try {
    const id = decodeURIComponent(segment);
    return id.trim() ? id : null;
  } catch {
    return null;
  }
}

/** History state of a venue opened from inside the app: closing its sheet goes back there. */
export const FROM_APP = { vibeVenueFromApp: true } as const;

export function openedFromApp(state: unknown): boolean {
  return typeof state === "object" && state !== null && "vibeVenueFromApp" in state;
}
