import type { FastifyInstance } from "fastify";
import { venueOfPath, venuePath } from "@shared/venue-path";
import type { AppContext } from "../context";
import { withHead, type PageHead } from "../http/html";
import { requestOrigin } from "../http/security";
import { readClientIndex, sendPage } from "../http/static";
import { venueByExternalId } from "./queries";

/** The picture a link preview shows for a venue without a photo of its own (scripts/make-icons.ts). */
export const SHARE_IMAGE = { path: "/share-image.png", width: 1200, height: 630 } as const;
const DESCRIPTION_CHARS = 200;

type VenueOfPage = NonNullable<Awaited<ReturnType<typeof venueByExternalId>>>;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * What a link preview says of a venue, from what VIBE stores and nothing else: its kind and
 * address, the vibes it is known for, and the start of its own description. No opening state:
 * chat apps keep a preview for days, and "Open now" would be wrong by then.
 */
export function venueHead(venue: VenueOfPage, base: string): PageHead {
  const canonical = `${base}${venuePath(venue.external_id)}`;
  const kind = venue.category?.trim() || "Place";
  const address = venue.address?.trim();
  const vibes = (venue.detected_vibes ?? []).slice(0, 3);
  const lines = [
    address ? `${kind} · ${address}.` : `${kind}.`,
    vibes.length ? `Vibes: ${vibes.join(", ")}.` : "",
    venue.description?.trim() ?? "",
  ].filter(Boolean);
  const description = clip(lines.join(" "), DESCRIPTION_CHARS);
  const title = `${venue.name} · ${kind} | VIBE`;
  // A venue's own photo when a source has one (through this site's image proxy, as the page shows
  // it), else VIBE's share picture.
  const photo = venue.image_url && /^https?:\/\//i.test(venue.image_url) ? venue.image_url : null;
  const image = photo ? `${base}/api/proxy-image?url=${encodeURIComponent(photo)}` : `${base}${SHARE_IMAGE.path}`;
  return {
    title,
    description,
    canonical,
    meta: [
      ["og:type", "website"],
      ["og:site_name", "VIBE"],
      ["og:title", venue.name],
      ["og:description", description],
      ["og:url", canonical],
      ["og:image", image],
      ...(photo
        ? []
        : ([
            ["og:image:width", String(SHARE_IMAGE.width)],
            ["og:image:height", String(SHARE_IMAGE.height)],
          ] as Array<[string, string]>)),
      ["og:image:alt", photo ? `Photo of ${venue.name}` : "VIBE: find places that match your mood"],
      ["twitter:card", "summary_large_image"],
      ["twitter:title", venue.name],
      ["twitter:description", description],
      ["twitter:image", image],
    ],
  };
}

/**
 * A venue's page, /venues/<source>/<id> (src/shared/venue-path.ts): the client's index.html with
 * the venue's title, description, canonical link and Open Graph / Twitter card tags in it, since
 * link previews read the HTML, not the script. The first, encoded form of the path is redirected
 * (308) to the canonical one; a path that names no venue VIBE knows is the 404 page, with status 404.
 */
export function venuePageRoutes(app: FastifyInstance, ctx: AppContext) {
  const index = readClientIndex(ctx.config.clientDir);
  app.get("/venues/*", async (req, reply) => {
    const [path, query] = splitUrl(req.url);
    const named = venueOfPath(path);
    if (named && !named.canonical) return reply.redirect(venuePath(named.externalId) + query, 308);
    const venue = named ? await venueByExternalId(ctx.db, named.externalId) : null;
    if (!venue || index === null) return sendPage(reply, index, 404);
    return sendPage(reply, withHead(index, venueHead(venue, requestOrigin(ctx.config.publicUrl, req))));
  });
}

function splitUrl(url: string): [string, string] {
  const q = url.indexOf("?");
  return q < 0 ? [url, ""] : [url.slice(0, q), url.slice(q)];
}
