import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, findChromium, newPage, shot, signUpIn, useAppInBrowser } from "../helpers/browser";
import { Agent, signUp, uniqueEmail } from "../helpers/http";

const chromiumPath = findChromium();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const GPS = { latitude: 37.7749, longitude: -122.4194 };

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** axe-core on the page as it is now: the serious and critical violations, readably. */
async function seriousViolations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, which the page's CSP does not govern
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.evaluate(axeSource);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)`)) as Violation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join(" ").trim()}`));
}

/** Waits until the page has drawn its data (no request in flight, skeletons gone). */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(300); // transitions
}

describe.skipIf(!chromiumPath)("accessibility in the browser", () => {
  const adminEmail = uniqueEmail("a11y-admin");
  const app = useAppInBrowser({ ADMIN_EMAILS: adminEmail });

  const SIGNED_OUT = ["/", "/login"];
  const SIGNED_IN = ["/", "/feed", "/friends", "/explore", "/saved", "/profile", "/business", "/admin"];

  for (const [label, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`has no serious or critical axe violations on any page, signed out and in (${label})`, async () => {
      const found: string[] = [];
      const out = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      for (const path of SIGNED_OUT) {
        await out.page.goto(path);
        await settled(out.page);
        found.push(...(await seriousViolations(out.page)).map((v) => `signed out ${path}: ${v}`));
      }
      await out.context.close();

      // an ordinary person, an owner of a venue, and an admin
      const user = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await signUpIn(user.context, app.server.url, uniqueEmail("a11y"), "Robin");
      for (const path of SIGNED_IN) {
        await user.page.goto(path);
        await settled(user.page);
        found.push(...(await seriousViolations(user.page)).map((v) => `user ${path}: ${v}`));
      }
      await shot(user.page, `a11y-admin-refused-${label}`);
      await user.context.close();

      const admin = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      const adminAgent = new Agent(app.server.url);
      await signUp(adminAgent, { email: adminEmail }).catch(async () => adminAgent.post("/auth/email/login", { email: adminEmail, password: "correct horse battery" }));
      const ownerEmail = uniqueEmail("a11y-owner");
      const owner = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
      await signUpIn(owner.context, app.server.url, ownerEmail, "Olive");
      const [venue] = (await adminAgent.get(`/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=5&limit=1`)).body;
      expect((await adminAgent.post(`/api/admin/venues/${venue.id}/owner`, { email: ownerEmail })).status).toBe(201);
      await owner.page.goto("/business");
      await settled(owner.page);
      found.push(...(await seriousViolations(owner.page)).map((v) => `owner /business: ${v}`));
      await owner.context.close();

      await admin.context.addCookies(
        adminAgent
          .cookieHeader()
          .split("; ")
          .map((c) => ({ name: c.split("=")[0], value: c.split("=").slice(1).join("="), url: app.server.url })),
      );
      await admin.page.goto("/admin");
      await settled(admin.page);
      found.push(...(await seriousViolations(admin.page)).map((v) => `admin /admin: ${v}`));
      await admin.context.close();

      expect(found).toEqual([]);
    });
  }

  it("has no serious violations with the venue details sheet and the new-post dialog open", async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("a11y-d"), "Dee");
    await page.goto("/");
    await settled(page);
    await page.getByRole("main").locator("article").first().click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(1);
    await settled(page);
    const found = (await seriousViolations(page)).map((v) => `details sheet: ${v}`);
    await page.keyboard.press("Escape");
    await page.goto("/feed");
    await settled(page);
    await page.getByRole("button", { name: /new post|post a vibe|share/i }).first().click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(1);
    found.push(...(await seriousViolations(page)).map((v) => `post dialog: ${v}`));
    await context.close();
    expect(found).toEqual([]);
  });

  /** Tabs through the page: every control it reaches, and whether each showed a visible focus. */
  async function tabThrough(page: Page, max = 150) {
    const reached: { name: string; visible: boolean }[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      // visible focus: the control or one of its near ancestors (a card's ring) looks different
      // focused than unfocused
      const info = (await page.evaluate(`(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        if (!el.dataset.tabProbe) el.dataset.tabProbe = String(Math.random());
        const look = () => {
          const out = [];
          for (let n = el, d = 0; n && d < 4; n = n.parentElement, d++) {
            const s = getComputedStyle(n);
            out.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor, s.textDecorationLine].join("/"));
          }
          return out.join("|");
        };
        const focused = look();
        el.blur();
        const unfocused = look();
        el.focus();
        const r = el.getBoundingClientRect();
        return { id: el.dataset.tabProbe, name: (el.getAttribute("aria-label") || el.textContent || el.tagName).trim().slice(0, 40), visible: focused !== unfocused && r.width > 0 && r.height > 0 };
      })()`)) as { id: string; name: string; visible: boolean } | null;
      if (!info) continue;
      if (seen.has(info.id)) break; // wrapped around
      seen.add(info.id);
      reached.push({ name: info.name, visible: info.visible });
    }
    const focusable = (await page.evaluate(`[...document.querySelectorAll('a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])')]
      .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; }).length`)) as number;
    return { reached, focusable };
  }

  it("reaches every control on the landing page, Home and Explore by keyboard, each with a visible focus", async () => {
    const problems: string[] = [];
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    for (const [path, signIn] of [["/", false], ["/", true], ["/explore", true]] as const) {
      if (signIn && !(await context.cookies()).length) await signUpIn(context, app.server.url, uniqueEmail("a11y-k"), "Kay");
      await page.goto(path);
      await settled(page);
      const { reached, focusable } = await tabThrough(page, 400);
      // radio-like groups and roving tab stops may hold several controls behind one stop
      if (reached.length < Math.min(focusable, 400) * 0.9) problems.push(`${path}: Tab reached ${reached.length} of ${focusable} controls`);
      for (const r of reached.filter((x) => !x.visible)) problems.push(`${path}: no visible focus on "${r.name}"`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it("traps focus in the venue details sheet and the new-post dialog, and returns it to the opener", async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("a11y-t"), "Tam");
    const insideDialog = () => page.evaluate(`!!document.activeElement?.closest('[role="dialog"]')`);
    const opener = async () => page.evaluate(`document.activeElement?.dataset.probe`);

    await page.goto("/");
    await settled(page);
    const card = page.getByRole("main").locator("article").first().locator(".venue-open");
    await card.evaluate((el) => ((el as HTMLElement).dataset.probe = "card"));
    await card.focus();
    expect(await opener()).toBe("card");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(insideDialog).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 7 === 6 ? "Shift+Tab" : "Tab");
      expect(await insideDialog(), `Tab ${i} left the sheet`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(opener).toBe("card");

    await page.goto("/feed");
    await settled(page);
    const button = page.getByRole("button", { name: /new post|post a vibe|share/i }).first();
    await button.evaluate((el) => ((el as HTMLElement).dataset.probe = "new-post"));
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(insideDialog).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await insideDialog(), `Tab ${i} left the dialog`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(opener).toBe("new-post");
    await context.close();
  });
});
