import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { findChromium, newPage, PHONE, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import type { Venue } from "@shared/contracts/venues";
import { owner } from "../helpers/factories";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin } from "../helpers/server";
import { waitForAtLeast, waitForCount, waitForFocus, waitForText } from "../helpers/wait";

/**
 * The map of matches (issue 18): Home and Explore's List | Map switch, in headless Chromium on the
 * built client. The machine has no internet, so the map's style comes from a local stand-in for a
 * tile server (its own origin, like OpenFreeMap's: a style, a raster tile, CORS), and the fallback
 * to a plain background is tested with that style refused.
 */
const GPS = { latitude: 37.7749, longitude: -122.4194 };
const DESKTOP_SHOT = { width: 1366, height: 900 } as const;

/** A 256×256 PNG of one colour (the style's raster tile). */
function png(r: number, g: number, b: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The stand-in tile server: GET /style.json and /tiles/z/x/y.png, counted. */
async function startStyleServer() {
  const tile = png(38, 44, 66);
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader("access-control-allow-origin", "*");
    if (req.url === "/style.json") {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          version: 8,
          sources: {
            base: {
              type: "raster",
              tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
              tileSize: 256,
              attribution: "Test tiles © OpenStreetMap contributors",
            },
          },
          layers: [{ id: "base", type: "raster", source: "base" }],
        }),
      );
    } else if (req.url?.startsWith("/tiles/")) {
      res.setHeader("content-type", "image/png");
      res.end(tile);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const styleServer = await startStyleServer();
afterAll(() => styleServer.close());

async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
    );
  });
}
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

const mapRegion = (page: Page) => page.getByRole("region", { name: "Map of the matches" });
/**
 * Waits in the page (waitForFunction) until the map's markers stand for `n` venues (or `n` or more with
 * `atLeast`): one per venue marker, a cluster's count for a cluster.
 */
const waitForMarked = (page: Page, n: number, atLeast = false, timeout?: number) =>
  page.waitForFunction(
    ([n, atLeast]) => {
      const marked = [...document.querySelectorAll<HTMLElement>(".vibe-map-marker, .vibe-map-cluster")].reduce(
        (sum, el) => sum + Number(el.dataset.count ?? 0),
        0,
      );
      return atLeast ? marked >= n : marked === n;
    },
    [n, atLeast] as const,
    { timeout },
  );
const settled = (page: Page) => waitForCount(page.locator("[aria-busy=true]"), 0, { timeout: 20_000 });

/**
 * Signs up, opens `path` in the list view, and returns how many venues the list holds: the venues
 * of the last match answer, once the list draws them all (it draws 12 first, the rest after).
 */
async function openList(page: Page, context: BrowserContext, url: string, path: string) {
  await signUpIn(context, url, uniqueEmail("map"), "Mia");
  const answers: Promise<number>[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/venues/match-public") && r.ok())
      answers.push(r.json().then((venues: unknown[]) => venues.length));
  });
  await page.goto(path);
  const cards = page.getByRole("main").locator("article");
  await cards.first().waitFor({ timeout: 20_000 });
  await settled(page);
  const loaded = await answers[answers.length - 1];
  expect(loaded).toBeGreaterThan(1);
  await waitForCount(cards, loaded, { timeout: 15_000 });
  return loaded;
}

/** Switches to Map and waits until the map is drawn in `state` with its markers. */
async function switchToMap(page: Page, state: "ready" | "plain") {
  await page.getByRole("group", { name: "Show matches as" }).getByRole("button", { name: "Map" }).click();
  await page.waitForURL((u) => u.searchParams.get("view") === "map");
  await mapRegion(page).locator(`[data-map-state=${state}]`).waitFor({ timeout: 30_000 });
  await waitForMarked(page, 1, true, 20_000);
  await settled(page);
}

/**
 * On a phone the bottom bar covers the screen's last 64 px: the map, once chosen, is in view whole,
 * its bottom (attribution, controls, markers) above the bar's top.
 */
async function expectMapAboveBar(page: Page) {
  const bar = page.locator("nav[aria-label='Main']:visible");
  const inView = () => {
    const map = document.querySelector("[role=region][aria-label='Map of the matches']")!.getBoundingClientRect();
    const nav = [...document.querySelectorAll("nav[aria-label='Main']")].find((n) => n.checkVisibility())!;
    return map.top >= 0 && map.bottom <= nav.getBoundingClientRect().top;
  };
  await page.waitForFunction(inView, undefined, { timeout: 15_000 }).catch(async () => {
    const [map, nav] = [(await mapRegion(page).boundingBox())!, (await bar.boundingBox())!];
    expect({ top: map.y, bottom: map.y + map.height }, "the map in view, above the bar").toEqual({
      top: Math.max(map.y, 0),
      bottom: Math.min(map.y + map.height, nav.y),
    });
  });
  const attribution = mapRegion(page).locator(".maplibregl-ctrl-attrib");
  if (await attribution.count()) {
    const [a, nav] = [(await attribution.boundingBox())!, (await bar.boundingBox())!];
    expect(a.y + a.height, "the attribution above the bar").toBeLessThanOrEqual(nav.y);
  }
}

/** Opens a venue from the map: a venue marker when one is drawn, else zooming into clusters until one is. */
async function openVenueFromMap(page: Page, tap: boolean) {
  const marker = page.locator(".vibe-map-marker").first();
  for (let i = 0; i < 8 && (await marker.count()) === 0; i++) {
    const cluster = page.locator(".vibe-map-cluster:not(.vibe-map-spot)").first();
    if (tap) await cluster.tap();
    else await cluster.click();
    await waitForAtLeast(page.locator(".vibe-map-marker"), 1, { timeout: 5_000 }).catch(() => {});
  }
  const name = (await marker.getAttribute("aria-label"))!.split(", Capacity:")[0];
  if (tap) await marker.tap();
  else await marker.click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await waitForText(dialog.getByRole("heading").first(), name);
  return name;
}

describe.skipIf(!findChromium())("the map of matches", () => {
  const adminEmail = uniqueEmail("map-admin");
  const app = useAppInBrowser({ MAP_STYLE_URL: `${styleServer.url}/style.json`, ADMIN_EMAILS: adminEmail });

  it("Home on a desktop: the map shows the list's venues, a marker opens the sheet, no CSP violation", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP_SHOT, { geolocation: GPS });
    await recordViolations(context);
    const listed = await openList(page, context, app.server.url, "/");
    const before = styleServer.hits.length;
    await switchToMap(page, "ready");
    // the style and its tiles came from the configured origin, which the CSP allows
    expect(styleServer.hits.slice(before)).toContain("/style.json");
    // the tile server is this test's own (in Node, not the page): a poll of what it was asked
    await expect
      .poll(() => styleServer.hits.slice(before).some((h) => h.startsWith("/tiles/")), { timeout: 15_000 })
      .toBe(true);
    await waitForMarked(page, listed);
    // the person's own position, and the attribution
    await waitForCount(mapRegion(page).getByRole("img", { name: "Your location" }), 1);
    await mapRegion(page)
      .locator(".maplibregl-ctrl-attrib")
      .filter({ hasText: /OpenStreetMap/ })
      .waitFor();
    await mapRegion(page).scrollIntoViewIfNeeded();
    await shot(page, "map-home-desktop");
    await openVenueFromMap(page, false);
    await shot(page, "map-home-desktop-sheet");
    await page.keyboard.press("Escape");
    // the choice is in the address: a reload keeps the map
    await page.reload();
    await mapRegion(page).locator("[data-map-state=ready]").waitFor({ timeout: 30_000 });
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("panning then Search this area asks for the matches around the map's centre", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP_SHOT, { geolocation: GPS });
    await openList(page, context, app.server.url, "/");
    await switchToMap(page, "ready");
    const searchArea = page.getByRole("button", { name: "Search this area" });
    expect(await searchArea.count()).toBe(0);
    const box = (await mapRegion(page).locator("canvas").boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x - i * 30, y - i * 12);
    await page.mouse.up();
    await searchArea.waitFor({ timeout: 10_000 });
    const asked = page.waitForRequest((r) => r.url().includes("/api/venues/match-public"));
    await searchArea.click();
    const query = new URL((await asked).url()).searchParams;
    // east and south of where the person is: the map was dragged up and to the left
    expect(Number(query.get("longitude"))).toBeGreaterThan(GPS.longitude);
    expect(Number(query.get("latitude"))).toBeLessThan(GPS.latitude);
    await settled(page);
    await waitForCount(page.getByText("Showing matches around the map's centre"), 1);
    await waitForCount(searchArea, 0);
    // the list holds the same venues as the map, without distances (they are from the centre, not the person)
    await page.getByRole("group", { name: "Show matches as" }).getByRole("button", { name: "List" }).click();
    await settled(page);
    const cards = page.getByRole("main").locator("article");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.filter({ hasText: /\d mi/ }).count()).toBe(0);
    // and back to the person's own search: distances from their position again
    await page.getByRole("button", { name: "Back to my location" }).click();
    await settled(page);
    await waitForCount(page.getByText("Showing matches around the map's centre"), 0);
    await waitForAtLeast(cards.filter({ hasText: /\d mi/ }), 1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Explore on a phone: the switch, the markers and a tap that opens the sheet", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    await recordViolations(context);
    const listed = await openList(page, context, app.server.url, "/explore");
    // the results' header: the heading on one line with its count beside it (the switch may take the next row, as on
    // Home)
    const heading = page.getByRole("heading", { name: "Total Venues" });
    const count = page.getByRole("status").filter({ hasText: "Total Venues:" });
    await heading.scrollIntoViewIfNeeded();
    const [h, c] = [(await heading.boundingBox())!, (await count.boundingBox())!];
    expect(h.height).toBeLessThan(24);
    expect(Math.abs(h.y + h.height / 2 - (c.y + c.height / 2))).toBeLessThan(4);
    await page.evaluate(() => window.scrollBy(0, -120));
    await shot(page, "explore-phone-header");
    await switchToMap(page, "ready");
    await waitForMarked(page, listed);
    // chosen with the switch, the map scrolls into view ending above the bottom bar
    await expectMapAboveBar(page);
    await shot(page, "map-explore-phone");
    await openVenueFromMap(page, true);
    await shot(page, "map-explore-phone-sheet");
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("Home on a phone, with the style unreachable: markers on a plain background, no errors", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    await recordViolations(context);
    await context.route(`${styleServer.url}/**`, (route) => route.abort("connectionrefused"));
    const listed = await openList(page, context, app.server.url, "/");
    await switchToMap(page, "plain");
    await waitForMarked(page, listed);
    await waitForCount(mapRegion(page).getByText("Map tiles are unavailable"), 1);
    await expectMapAboveBar(page);
    await mapRegion(page).scrollIntoViewIfNeeded();
    await shot(page, "map-home-phone-offline");
    await openVenueFromMap(page, true);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a venue whose owner broadcast Full is a red marker; one with no live capacity is neutral", async () => {
    // the two venues nearest the person; the first made an owner's, who says it is Full
    const admin = new Agent(app.server.url);
    await signUpAdmin(app.server, admin, { email: adminEmail });
    const near = (
      await admin.get<Venue[]>(
        `/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=2&limit=2`,
      )
    ).body;
    const [full, other] = near;
    const venueOwner = await owner(admin, full, { firstName: "Owen" });
    const update = {
      capacityStatus: "Full",
      noiseLevel: "Loud",
      currentVibes: ["Energetic"],
      specialNotes: null,
      isOpen: true,
    };
    expect((await venueOwner.agent.post(`/api/venues/${full.id}/updates`, update)).status).toBe(201);

    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP_SHOT, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("map"), "Mia");
    await page.goto("/?view=map");
    await mapRegion(page).locator("[data-map-state=ready]").waitFor({ timeout: 30_000 });
    // a search by name leaves one venue in the list, and so one marker on the map
    for (const [venue, capacity, colour] of [
      [full, "Full", "rgb(239, 68, 68)"],
      [other, "unknown", "rgb(203, 213, 225)"],
    ] as const) {
      const answered = page.waitForResponse(
        (r) => r.url().includes("/api/venues/match-public") && new URL(r.url()).searchParams.has("search") && r.ok(),
      );
      await page.getByRole("searchbox").fill(venue.name);
      await answered;
      const marker = page.locator(`.vibe-map-marker[data-venue-id="${venue.externalId}"]`);
      // the list before the search may have drawn this venue's marker too, and the markers are drawn
      // anew when the answer comes: one read as it is replaced has no style, so the colour is polled
      await waitForCount(marker, 1);
      expect(await marker.getAttribute("data-capacity")).toBe(capacity);
      await expect.poll(() => marker.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(colour);
      if (capacity === "Full") expect(await marker.getAttribute("aria-label")).toBe(`${venue.name}, Capacity: Full`);
    }
    await mapRegion(page).scrollIntoViewIfNeeded();
    await shot(page, "map-home-desktop-search");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("two venues at the very same spot: their marker lists both, and each opens its sheet", async () => {
    // a food hall: two venues at identical coordinates, which no zoom can part
    const spot = { latitude: GPS.latitude + 0.003, longitude: GPS.longitude + 0.002 };
    await app.server.db.query(
      `INSERT INTO venues (external_id, name, category, latitude, longitude, source, attribution)
       VALUES ('osm:node/991001', 'Twin Hall Tacos', 'Restaurant', $1, $2, 'osm',
               'Map data (c) OpenStreetMap contributors, ODbL.'),
              ('osm:node/991002', 'Twin Hall Noodles', 'Restaurant', $1, $2, 'osm',
               'Map data (c) OpenStreetMap contributors, ODbL.')`,
      [spot.latitude, spot.longitude],
    );
    await app.server.ctx.changes.settle();

    for (const [viewport, tap] of [
      [DESKTOP_SHOT, false],
      [PHONE, true],
    ] as const) {
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await signUpIn(context, app.server.url, uniqueEmail("map-spot"), "Mia");
      await page.goto("/?view=map");
      await mapRegion(page).locator("[data-map-state=ready]").waitFor({ timeout: 30_000 });
      await settled(page);
      // the spot is near: its marker shows before the search answers, so wait for the searched list
      const searched = page.waitForResponse(
        (r) => r.url().includes("/api/venues/match-public") && r.url().includes("Twin") && r.ok(),
      );
      await page.getByRole("searchbox").fill("Twin Hall");
      await searched;
      // one marker for the spot, counting both venues; no venue marker hidden under another
      const marker = mapRegion(page).getByRole("button", { name: "2 venues at this spot, show the list" });
      await waitForCount(marker, 1);
      await settled(page);
      expect(await page.locator(".vibe-map-marker").count()).toBe(0);
      expect(await marker.getAttribute("data-count")).toBe("2");

      for (const name of ["Twin Hall Tacos", "Twin Hall Noodles"]) {
        if (tap) await marker.tap();
        else await marker.click();
        const list = mapRegion(page).getByRole("dialog", { name: "2 venues at this spot" });
        await list.waitFor();
        expect(await list.getByRole("listitem").count()).toBe(2);
        if (name === "Twin Hall Tacos") {
          // focus moves into the list; Escape closes it and gives focus back to the marker
          await page.waitForFunction(() => (document.activeElement?.textContent ?? "").includes("Twin Hall"));
          await shot(page, tap ? "map-spot-phone" : "map-spot-desktop");
          await page.keyboard.press("Escape");
          await waitForCount(list, 0);
          await waitForFocus(marker);
          await page.keyboard.press("Enter");
          await list.waitFor();
        }
        const item = list.getByRole("button", { name });
        if (tap) await item.tap();
        else await item.click();
        const sheet = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name, exact: true }) });
        await sheet.waitFor();
        await waitForCount(list, 0);
        if (name === "Twin Hall Noodles") await shot(page, tap ? "map-spot-phone-sheet" : "map-spot-desktop-sheet");
        await page.keyboard.press("Escape");
        await waitForCount(sheet, 0);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
