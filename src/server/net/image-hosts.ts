/**
 * Photo hosts allowed by default ("x" exactly, ".x" any subdomain of x). IMAGE_PROXY_HOSTS replaces the list.
 * - Google Places: the photo endpoints (new API places.googleapis.com, legacy
 *   maps.googleapis.com/maps/api/place/photo) redirect to lh3/lh5.googleusercontent.com and
 *   *.ggpht.com; maps.gstatic.com serves the category icons.
 * - Wikimedia Commons originals and thumbnails: upload.wikimedia.org.
 * - Flickr photos: live./farm*.staticflickr.com.
 * Not included: Facebook/Instagram CDNs (*.fbcdn.net, *.cdninstagram.com) serve signed,
 * short-lived URLs of arbitrary user uploads (profile pictures included) that Meta does not
 * allow to be hot-linked, and no venue source of ours links to them.
 */
export const DEFAULT_IMAGE_HOSTS: readonly string[] = [
  "places.googleapis.com",
  "maps.googleapis.com",
  "maps.gstatic.com",
  ".googleusercontent.com",
  ".ggpht.com",
  "upload.wikimedia.org",
  ".staticflickr.com",
];

/** Parses an IMAGE_PROXY_HOSTS value: comma- or space-separated hosts, ".suffix" for subdomains. */
export function parseImageHosts(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}
