// A venue's address (issue 26): readable, one path segment per part of its external id, so that
// "osm:node/275723361" is /venues/osm/node/275723361, "google:ChIJ…" /venues/google/ChIJ… and
// "datasf:123" /venues/datasf/123. The server serves this path with the venue's own title and
// link-preview tags (src/server/venues/venue-page.ts) and the client shows the venue there. The
// first form, /venues/osm%3Anode%2F275723361 (one encoded segment), is redirected to this one.

export const VENUE_PATH_PREFIX = "/venues/";

/** The canonical path of a venue: its source, then the rest of its id, each segment percent-encoded. */
export function venuePath(externalId: string): string {
  const colon = externalId.indexOf(":");
  // an id without a source (none is made so today) stays one segment
  if (colon <= 0) return VENUE_PATH_PREFIX + encodeURIComponent(externalId);
  const source = externalId.slice(0, colon);
  const rest = externalId.slice(colon + 1);
  return VENUE_PATH_PREFIX + [source, ...rest.split("/")].map(encodeURIComponent).join("/");
}

/**
 * The external id a /venues/… path names (query and fragment ignored), or null when it names none
 * (nothing after the prefix, an empty segment, a broken escape). Both the canonical form and the
 * first one-segment form are read; `canonical` says whether the path is already the canonical one.
 */
export function venueOfPath(path: string): { externalId: string; canonical: boolean } | null {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  if (!bare.startsWith(VENUE_PATH_PREFIX)) return null;
  const segments = bare.slice(VENUE_PATH_PREFIX.length).split("/");
  let parts: string[];
  try {
    parts = segments.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (parts.some((p) => p === "")) return null;
  const externalId = parts.length === 1 ? parts[0] : `${parts[0]}:${parts.slice(1).join("/")}`;
  if (!externalId.trim()) return null;
  return { externalId, canonical: venuePath(externalId) === bare };
}
