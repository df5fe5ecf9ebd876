import { beforeAll, describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import { CONFIRMED_COUNT_HEADER } from "@shared/vocabulary";
import { venuePath } from "@shared/venue-path";
import { BUSINESS_TEXT } from "@client/features/business/texts";
import { VIBE_EVIDENCE_TEXT } from "@client/features/venues/texts";
import { DESKTOP, PHONE, findChromium, newPage, useAppInBrowser, shot, signUpIn } from "../helpers/browser";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin } from "../helpers/server";
import { waitForAtLeast, waitForText } from "../helpers/wait";

const GPS = { latitude: 37.7946, longitude: -122.4021 };

/**
 * Issue 26: owners can announce live music ("Live music tonight" on the dashboard's broadcast form),
 * and it feeds the venue's Live Music evidence: while the broadcast is fresh the venue is a confirmed
 * Live Music match, and its page says it is the owner's claim (docs/live.md). A file of its own:
 * the app's sign-up limit (10 in 10 minutes from one address) is shared by a file's tests.
 */
describe.skipIf(!findChromium())("live music tonight in the browser", () => {
  const adminEmail = uniqueEmail("admin-music");
  const app = useAppInBrowser({ ADMIN_EMAILS: adminEmail });
  let admin: Agent;
  beforeAll(async () => {
    admin = new Agent(app.server.url);
    await signUpAdmin(app.server, admin, { email: adminEmail });
  });

  for (const [label, viewport, nth] of [
    ["desktop", DESKTOP, 0],
    ["phone", PHONE, 1],
  ] as const) {
    it(`an owner ticks "Live music tonight" and the venue is Live Music, as the owner's word (${label})`, async () => {
      // a venue of its own for each size, not detected as Live Music
      const venue = (
        await admin.get<Venue[]>(
          `/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=2&limit=20`,
        )
      ).body.filter((v) => !v.detectedVibes.includes("Live Music"))[nth]!;
      const ownerEmail = uniqueEmail(`owner-music-${label}`);
      const owner = await newPage(app.browser, app.server.url, viewport);
      await signUpIn(owner.context, app.server.url, ownerEmail, "Mo");
      expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: ownerEmail })).status).toBe(201);

      await owner.page.goto("/business");
      await waitForText(owner.page.getByRole("heading", { level: 1 }), venue.name);
      const option = owner.page.getByRole("checkbox", { name: BUSINESS_TEXT.liveMusic });
      expect(BUSINESS_TEXT.liveMusic).toBe("Live music tonight");
      expect(await option.isChecked()).toBe(false);
      await option.check();
      expect(await option.isChecked()).toBe(true);
      await option.scrollIntoViewIfNeeded();
      await shot(owner.page, `live-music-form-${label}`);
      // on a phone the option and its hint stay inside the screen's width
      const box = (await option.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      const hint = owner.page.getByText(BUSINESS_TEXT.liveMusicHint);
      const hintBox = (await hint.boundingBox())!;
      expect(hintBox.x + hintBox.width).toBeLessThanOrEqual(viewport.width);

      await owner.page.getByRole("button", { name: "Broadcast Update" }).click();
      await waitForAtLeast(owner.page.getByText("Update Broadcast", { exact: true }), 1, { timeout: 10_000 });
      await waitForAtLeast(owner.page.getByText(/Live music tonight/).filter({ hasNotText: "Searches" }), 1);
      // the dashboard's "Now" line leads with it
      await waitForText(owner.page.getByText(/^Now:/), "Now: Moderate · Quiet · Live Music · Chill");

      // a search for Live Music around it has it, confirmed (not a likely one)
      const q = new URLSearchParams({
        latitude: String(venue.latitude),
        longitude: String(venue.longitude),
        radius: "0.5",
        vibes: "Live Music",
      });
      const res = await owner.page.request.get(`/api/venues/match-public?${q}`);
      const list = (await res.json()) as Venue[];
      const at = list.findIndex((v) => v.id === venue.id);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(Number(res.headers()[CONFIRMED_COUNT_HEADER]));
      expect(list[at]!.likely).toBeUndefined();

      // its page shows Live Music with the owner's claim under "Why these vibes?"
      await owner.page.goto(venuePath(venue.externalId));
      const main = owner.page.getByRole("main");
      const why = main.locator("details", { hasText: VIBE_EVIDENCE_TEXT.title });
      await why.getByText("The owner announced live music tonight").waitFor({ timeout: 10_000 });
      await waitForAtLeast(main.getByRole("listitem").filter({ hasText: "Live Music" }), 1);
      await why.scrollIntoViewIfNeeded();
      await shot(owner.page, `live-music-venue-${label}`);
      expect(owner.problems).toEqual([]);
      await owner.context.close();
    });
  }
});
