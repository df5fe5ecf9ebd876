import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venuePath } from "@shared/venue-path";
import { Agent } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/** The head of a page as a link preview reads it (a real HTML parser: entities decoded, no script run). */
interface Preview {
  title: string;
  canonical: string | null;
  /** name= and property= meta tags; a key given twice keeps every value. */
  meta: Record<string, string[]>;
  scripts: string[];
}

function readPreview(html: string): Preview {
  const preview: Preview = { title: "", canonical: null, meta: {}, scripts: [] };
  let inTitle = false;
  let inHead = true;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "title" && inHead) inTitle = true;
        if (name === "body") inHead = false;
        if (name === "script") preview.scripts.push(attrs.src ?? "(inline)");
        if (!inHead) return;
        if (name === "link" && attrs.rel === "canonical") preview.canonical = attrs.href ?? null;
        const key = name === "meta" ? (attrs.property ?? attrs.name) : undefined;
        if (key && attrs.content !== undefined) (preview.meta[key] ??= []).push(attrs.content);
      },
      ontext(text) {
        if (inTitle) preview.title += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return preview;
}
const one = (p: Preview, key: string) => {
  expect(p.meta[key], key).toHaveLength(1);
  return p.meta[key]![0];
};

// Venues of this file's own, far from the seed's: a plain one, and one whose texts are hostile HTML.
const SPOT = { latitude: 10.7, longitude: 20.7 };
const PLAIN = "osm:node/880001";
const HOSTILE = "google:Ch<IJ>&\"x'/y";
const HOSTILE_NAME = `Tom's "Bar" & <b>Grill</b></title><script>alert(1)</script>`;
const HOSTILE_TEXT = `"><meta property="og:title" content="pwned"><script>alert(2)</script>`;

/**
 * Issue 26, "a shared venue opens the venue": the venue's link, fetched as a chat app's link preview
 * fetches it (plain HTTP, no browser, no script), carries the venue's title, description, canonical
 * link and Open Graph / Twitter card tags, escaped; the first, encoded form of the link redirects to
 * the canonical one; an unknown venue is the 404 page with status 404.
 */
describe.each(dbTargets())("a venue's page as link previews read it, on %s", (target) => {
  let server: TestServer;
  let anon: Agent;

  beforeAll(async () => {
    server = await startServer(target, {}, {}, {}, { ownDatabase: true });
    anon = new Agent(server.url);
    await server.db.query(
      `INSERT INTO venues (external_id, name, category, description, address, latitude, longitude, detected_vibes,
                           source, attribution)
       VALUES ($1, 'Kilowatt', 'Bar', 'A dive bar with a pool table.', '3160 16th St, San Francisco', $3, $4,
               ARRAY['Chill','Loud']::text[], 'osm', 'Map data (c) OpenStreetMap contributors, ODbL.'),
              ($2, $5, 'Bar', $6, $6, $3 + 0.001, $4, ARRAY[]::text[], 'google', 'Place data (c) Google')`,
      [PLAIN, HOSTILE, SPOT.latitude, SPOT.longitude, HOSTILE_NAME, HOSTILE_TEXT],
    );
    await server.ctx.changes.settle();
  });
  afterAll(async () => server?.close());

  it("the canonical link is readable: /venues/<source>/<id>", () => {
    expect(venuePath(PLAIN)).toBe("/venues/osm/node/880001");
  });

  it("serves the venue's title, description, canonical link and card tags in the HTML itself", async () => {
    const res = await anon.get(venuePath(PLAIN));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const p = readPreview(res.text);
    const url = `${server.url}/venues/osm/node/880001`;
    expect(p.title).toBe("Kilowatt · Bar | VIBE");
    expect(p.canonical).toBe(url);
    const description = "Bar · 3160 16th St, San Francisco. Vibes: Chill, Loud. A dive bar with a pool table.";
    expect(one(p, "description")).toBe(description);
    expect(one(p, "og:title")).toBe("Kilowatt");
    expect(one(p, "og:description")).toBe(description);
    expect(one(p, "og:url")).toBe(url);
    expect(one(p, "og:type")).toBe("website");
    expect(one(p, "og:site_name")).toBe("VIBE");
    expect(one(p, "twitter:card")).toBe("summary_large_image");
    expect(one(p, "twitter:title")).toBe("Kilowatt");
    expect(one(p, "twitter:description")).toBe(description);
    // no photo of its own: VIBE's picture, an absolute URL that answers a PNG
    expect(one(p, "og:image")).toBe(`${server.url}/share-image.png`);
    expect(one(p, "twitter:image")).toBe(`${server.url}/share-image.png`);
    const image = await fetch(one(p, "og:image"));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    // read whole, a PNG by its signature: left unread, its 57 kB held the connection open, and the
    // server's close waited for it until the 72 s keep-alive timeout (CI, 2026-11-30)
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // the app still loads on it: the built client's script, nothing inline
    expect(p.scripts.length).toBeGreaterThan(0);
    expect(p.scripts).not.toContain("(inline)");
  });

  it("escapes what the venue's texts hold: they are read back as text, never as tags", async () => {
    const res = await anon.get(venuePath(HOSTILE));
    expect(res.status).toBe(200);
    const p = readPreview(res.text);
    expect(p.title).toBe(`${HOSTILE_NAME} · Bar | VIBE`);
    expect(one(p, "og:title")).toBe(HOSTILE_NAME);
    expect(one(p, "og:description")).toBe(`Bar · ${HOSTILE_TEXT}. ${HOSTILE_TEXT}`);
    // nothing injected: one og:title, no script but the app's, and the canonical link is the venue's
    expect(p.scripts).not.toContain("(inline)");
    expect(p.canonical).toBe(`${server.url}${venuePath(HOSTILE)}`);
    expect(res.text).not.toContain("<script>alert");
    expect(res.text).not.toContain("<b>Grill");
  });

  it("redirects the first, encoded form of a venue's link to the canonical one, keeping the query", async () => {
    const res = await anon.get(`/venues/${encodeURIComponent(PLAIN)}?from=chat`);
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toBe("/venues/osm/node/880001?from=chat");
    const followed = await anon.get(res.headers.get("location")!);
    expect(followed.status).toBe(200);
  });

  it("answers the 404 page, with status 404, for a venue VIBE does not know or a link that names none", async () => {
    for (const path of ["/venues/osm/node/1", "/venues/", "/venues/osm//1"]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      // the app's page (its 404 card), with no venue's tags
      const p = readPreview(res.text);
      expect(p.scripts.length, path).toBeGreaterThan(0);
      expect(p.meta["og:title"], path).toBeUndefined();
      expect(p.canonical, path).toBeNull();
    }
  });

  it("builds its absolute links on PUBLIC_URL when one is set", async () => {
    const behind = await startServer(target, { publicUrl: "https://vibe.example" }, {}, {}, { db: server.db });
    try {
      const p = readPreview((await new Agent(behind.url).get(venuePath(PLAIN))).text);
      expect(p.canonical).toBe("https://vibe.example/venues/osm/node/880001");
      expect(one(p, "og:url")).toBe("https://vibe.example/venues/osm/node/880001");
      expect(one(p, "og:image")).toBe("https://vibe.example/share-image.png");
    } finally {
      await behind.close();
    }
  });
});
