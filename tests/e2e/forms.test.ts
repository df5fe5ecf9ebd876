import { describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import { TEXT } from "@shared/vocabulary";
import { LANDING_TEXT } from "@client/features/landing/texts";
import { NOT_FOUND_TEXT } from "@client/lib/texts";
import { PHONE, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin } from "../helpers/server";
import { waitForAtLeast, waitForCount, waitForText } from "../helpers/wait";

/** The desktop the issue was tried on (issue 26). */
const DESKTOP = { width: 1366, height: 900 } as const;

// Forms, issue 26: a double click writes once; the broadcast form shows its cap and refuses a
// contradictory pair; the 404 card has a way home.
describe.skipIf(!findChromium())("forms", () => {
  const adminEmail = uniqueEmail("admin");
  const app = useAppInBrowser({ ADMIN_EMAILS: adminEmail });
  let admin: Agent | null = null;
  const theAdmin = async () => {
    if (!admin) {
      admin = new Agent(app.server.url);
      await signUpAdmin(app.server, admin, { email: adminEmail });
    }
    return admin;
  };

  it("double-clicking Post makes one post; Post is disabled while it is on its way", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP);
    const me = await signUpIn(context, app.server.url, uniqueEmail("dbl"), "Dot");
    const caption = `Double click ${Date.now().toString(36)}`;
    // the answer takes a while, as on a slow network: the second click lands while the first is out
    let sent = 0;
    await page.route("**/api/posts", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      sent++;
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.goto("/feed");
    await page.getByRole("button", { name: "Share Your Vibe" }).click();
    const dialog = page.getByRole("dialog", { name: "Share Your Vibe" });
    await dialog.getByRole("button", { name: "Cozy", exact: true }).click();
    await dialog.getByRole("textbox", { name: "Caption" }).fill(caption);
    const post = dialog.getByRole("button", { name: "Post" });
    await post.dblclick();
    await waitForCount(page.getByRole("button", { name: "Posting..." }), 1);
    expect(await page.getByRole("button", { name: "Posting..." }).isDisabled()).toBe(true);
    await shot(page, "forms-posting-desktop");
    await waitForAtLeast(page.getByText("Posted!", { exact: true }), 1, { timeout: 20_000 });
    await waitForCount(page.getByRole("article").filter({ hasText: caption }), 1, { timeout: 20_000 });
    const rows = await app.server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM posts WHERE user_id = $1 AND content = $2",
      [me.id, caption],
    );
    // one request left the page (the latch), one post was made
    expect({ posts: rows[0].n, sent }).toEqual({ posts: 1, sent: 1 });
    expect(problems).toEqual([]);
  });

  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`the broadcast form shows its default, its cap of 3 and refuses a contradictory pair (${label})`, async () => {
      const admin = await theAdmin();
      const [venue] = (
        await admin.get<Venue[]>("/api/venues/nearby?latitude=37.7946&longitude=-122.4021&radius=2&limit=1")
      ).body;
      const { page, context, problems } = await newPage(app.browser, app.server.url, viewport);
      const ownerEmail = uniqueEmail("owner");
      await signUpIn(context, app.server.url, ownerEmail, "Olive");
      expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: ownerEmail })).status).toBe(201);
      await page.goto("/business");
      await waitForText(page.getByRole("heading", { level: 1 }), venue.name);
      const chip = (name: string) => page.getByRole("button", { name, exact: true });
      // the spec's default is picked, and Loud beside it is refused with a message
      expect(await chip("Chill").getAttribute("aria-pressed")).toBe("true");
      await chip("Loud").click();
      await waitForCount(page.getByRole("alert").filter({ hasText: "Loud and Chill contradict each other" }), 1);
      expect(await chip("Loud").getAttribute("aria-pressed")).toBe("false");
      // the default can be unpicked; then Loud, Adventurous, Whiskey: a fourth chip is disabled, "At most 3"
      await chip("Chill").click();
      expect(await chip("Chill").getAttribute("aria-pressed")).toBe("false");
      for (const v of ["Loud", "Adventurous", "Whiskey"]) await chip(v).click();
      for (const v of ["Loud", "Adventurous", "Whiskey"])
        expect(await chip(v).getAttribute("aria-pressed")).toBe("true");
      expect(await chip("Country Music").isDisabled()).toBe(true);
      expect(await chip("Chill").isDisabled()).toBe(true);
      await waitForCount(page.getByText("At most 3", { exact: true }), 1);
      await page.getByText("At most 3", { exact: true }).scrollIntoViewIfNeeded();
      await shot(page, `forms-broadcast-${label}`);
      await page.getByRole("button", { name: "Broadcast Update" }).click();
      await waitForAtLeast(page.getByText("Update Broadcast", { exact: true }), 1, { timeout: 20_000 });
      const [sent] = await app.server.db.query<{ current_vibes: string[] }>(
        "SELECT current_vibes FROM venue_updates WHERE venue_id = $1 ORDER BY created_at DESC LIMIT 1",
        [venue.id],
      );
      expect(sent.current_vibes).toEqual(["Loud", "Adventurous", "Whiskey"]);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`the 404 card keeps the spec's words and leads home, signed out and in (${label})`, async () => {
      for (const signedIn of [false, true]) {
        const { page, context, problems } = await newPage(app.browser, app.server.url, viewport);
        if (signedIn) await signUpIn(context, app.server.url, uniqueEmail("lost"), "Lou");
        await page.goto("/no/such/page");
        await waitForCount(page.getByRole("heading", { name: TEXT.notFoundTitle }), 1, { timeout: 15_000 });
        expect(await page.getByText(TEXT.notFoundBody, { exact: true }).count()).toBe(1);
        await shot(page, `forms-404-${signedIn ? "signed-in" : "signed-out"}-${label}`);
        await page.getByRole("link", { name: NOT_FOUND_TEXT.home }).click();
        await page.waitForURL(`${app.server.url}/`);
        if (signedIn) await page.getByRole("navigation", { name: "Main" }).first().waitFor({ timeout: 15_000 });
        else await page.getByRole("heading", { level: 1, name: LANDING_TEXT.headline }).waitFor({ timeout: 15_000 });
        expect(problems).toEqual([]);
        await context.close();
      }
    });
  }
});
