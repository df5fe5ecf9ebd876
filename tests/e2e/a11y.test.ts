import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Venue } from "@shared/contracts/venues";
import {
  DESKTOP,
  PHONE,
  findChromium,
  newPage,
  shot,
  signUpAdminIn,
  signUpIn,
  useAppInBrowser,
} from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForCount, waitForFocus, waitForIdle } from "../helpers/wait";

// axe-core's own build, injected into each page as a script (no test-runner wrapper needed).
const axeSource: string = createRequire(import.meta.url)("axe-core").source;

const chromiumPath = findChromium();
const GPS = { latitude: 37.7946, longitude: -122.4021 };
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Waits until the page has finished loading its data: no request in flight, no loading text,
 * skeleton or busy region (Playwright's own waiting, however slow the machine; no fixed sleep).
 */
async function settle(page: Page) {
  await waitForIdle(page);
  await page.waitForFunction(
    () =>
      !document.querySelector('.animate-pulse, [aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((e) => e.textContent?.trim() === "Loading..."),
    undefined,
    { timeout: 30_000 },
  );
}

/** Runs axe-core on the page as it is now and returns its serious and critical violations. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate runs outside the page's Content-Security-Policy, unlike an injected <script>
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** A readable list: one block per rule, each failing element with axe's explanation. */
function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map(
          (n) =>
            `    - ${n.target.join(" ")}\n      ${n.html.slice(0, 160)}\n      ` +
            `${(n.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
        )
        .join("\n");
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : "";
      return `[${where}] ${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n\n");
}

/** What makes a focus indicator: the outline and box-shadow of an element and its nearest ancestors. */
const INDICATOR_DEPTH = 4;

/**
 * Before any Tab: marks every control that Tab should reach (data-kb="n") and records how the
 * control and its ancestors look unfocused. Returns the controls' descriptions and the pointer
 * targets (cursor: pointer) that no keyboard user could reach.
 */
async function markControls(page: Page): Promise<{ controls: string[]; unreachable: string[] }> {
  return page.evaluate((depth) => {
    const w = window as unknown as { __kbBaseline: Map<Element, string[]> };
    const signature = (el: Element) => {
      const cs = getComputedStyle(el);
      return `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor} | ${cs.boxShadow}`;
    };
    const chain = (el: Element) => {
      const out: Element[] = [];
      for (let e: Element | null = el; e && out.length <= depth; e = e.parentElement) out.push(e);
      return out;
    };
    const describe = (el: Element) => {
      const label = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${label}"`;
    };
    const visible = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !el.closest("[inert]");
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
    const roving = ["tab", "radio", "menuitem", "menuitemradio", "menuitemcheckbox", "option", "gridcell", "treeitem"];
    const baseline = new Map<Element, string[]>();
    const controls: string[] = [];
    const radioGroups = new Set<string>();
    let n = 0;
    for (const el of Array.from(document.querySelectorAll("[data-kb]"))) el.removeAttribute("data-kb");
    // with a modal open, only its controls can take focus
    // (Radix marks everything outside an open dialog aria-hidden rather than setting aria-modal)
    const modals = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter((d) =>
      d.checkVisibility(),
    );
    const scope = modals.at(-1) ?? document;
    for (const el of Array.from(scope.querySelectorAll(selector))) {
      const h = el as HTMLElement;
      if (el.hasAttribute("data-radix-focus-guard")) continue;
      // a composite widget (Radix tabs, radio groups) hands its focus on to its current item
      if (
        ["tablist", "radiogroup", "toolbar", "menu", "menubar", "listbox", "grid", "tree"].includes(
          el.getAttribute("role") ?? "",
        )
      )
        continue;
      if (h.tabIndex < 0 || (h as HTMLButtonElement).disabled || !visible(el)) continue;
      if (el instanceof HTMLInputElement && el.type === "radio" && el.name) {
        // native radios: Tab reaches one per group
        if (radioGroups.has(el.name)) continue;
        radioGroups.add(el.name);
      }
      el.setAttribute("data-kb", String(n++));
      controls.push(describe(el));
      for (const e of chain(el)) baseline.set(e, [...(baseline.get(e) ?? []), signature(e)].slice(0, 1));
    }
    w.__kbBaseline = baseline;

    const focusable = (el: Element) =>
      el.hasAttribute("data-kb") || roving.includes(el.getAttribute("role") ?? "") || (el as HTMLElement).tabIndex >= 0;
    const unreachable: string[] = [];
    for (const el of Array.from((modals.at(-1) ?? document.body).querySelectorAll("*"))) {
      if (getComputedStyle(el).cursor !== "pointer" || !visible(el)) continue;
      if (el.parentElement && getComputedStyle(el.parentElement).cursor === "pointer") continue;
      const ok =
        focusable(el) ||
        !!el.closest("[data-kb], label") ||
        !!el.querySelector("[data-kb]") ||
        (el as HTMLElement).matches(":disabled, [aria-disabled='true']");
      if (!ok) unreachable.push(describe(el));
    }
    return { controls, unreachable };
  }, INDICATOR_DEPTH);
}

/** The focused element's data-kb mark and whether its focus shows (outline or ring differs from unfocused). */
async function focusedState(
  page: Page,
): Promise<{ kb: string | null; desc: string; indicator: boolean; inDialog: boolean } | null> {
  return page.evaluate((depth) => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const w = window as unknown as { __kbBaseline: Map<Element, string[]> };
    const transparent = (c: string) => c === "transparent" || /rgba\(.*,\s*0\)$/.test(c);
    let indicator = false;
    let e: Element | null = el;
    for (let i = 0; e && i <= depth && !indicator; i++, e = e.parentElement) {
      const cs = getComputedStyle(e);
      const now = `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor} | ${cs.boxShadow}`;
      const before = w.__kbBaseline?.get(e)?.[0];
      const outline = cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 1 && !transparent(cs.outlineColor);
      const ring = cs.boxShadow !== "none";
      if (before === undefined ? i === 0 && outline : now !== before && (outline || ring)) indicator = true;
    }
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) indicator = false;
    const label = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    return {
      kb: el.getAttribute("data-kb"),
      desc: `<${el.tagName.toLowerCase()}> "${label}"`,
      indicator,
      inDialog: !!el.closest('[role="dialog"], [role="alertdialog"]'),
    };
  }, INDICATOR_DEPTH);
}

/**
 * Tabs through the whole page once: every marked control must take focus, each with a visible
 * indicator, and nothing that looks clickable may be out of the keyboard's reach.
 */
async function tabThrough(page: Page, where: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const { controls, unreachable } = await markControls(page);
  expect(controls.length, `${where}: no controls found`).toBeGreaterThan(3);
  const reached = new Set<string>();
  const noIndicator: string[] = [];
  let bodyAgain = 0;
  for (let i = 0; i < controls.length + 15; i++) {
    await page.keyboard.press("Tab");
    const state = await focusedState(page);
    if (!state) {
      if (++bodyAgain > 1 || reached.size > 0) break; // left the page at the end
      continue;
    }
    if (state.kb !== null) {
      if (reached.has(state.kb)) break; // wrapped around
      reached.add(state.kb);
    }
    if (!state.indicator) noIndicator.push(state.desc);
  }
  const missed = controls.filter((_, i) => !reached.has(String(i)));
  const report = [
    missed.length ? `${where}: Tab never reached ${missed.join(", ")}` : "",
    noIndicator.length ? `${where}: no visible focus on ${noIndicator.join(", ")}` : "",
    unreachable.length ? `${where}: clickable but not keyboard-reachable: ${unreachable.join(", ")}` : "",
  ].filter(Boolean);
  expect(report, report.join("\n")).toEqual([]);
  return controls.length;
}

/** With a dialog open: Tab and Shift+Tab stay inside it; Escape closes it and focus returns to the opener. */
async function checkTrap(page: Page, dialogName: string, opener: ReturnType<Page["getByRole"]>) {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await dialog.waitFor();
  await page.waitForFunction(() => !!document.activeElement?.closest('[role="dialog"]'));
  const seen = new Set<string>();
  for (const key of [...Array(25).fill("Tab"), ...Array(10).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    const state = await focusedState(page);
    expect(state?.inDialog, `${dialogName}: ${key} moved focus out of the dialog to ${state?.desc ?? "the page"}`).toBe(
      true,
    );
    seen.add(state!.desc);
  }
  expect(seen.size, `${dialogName}: focus should move between its controls`).toBeGreaterThan(1);
  await page.keyboard.press("Escape");
  await waitForCount(dialog, 0);
  await waitForFocus(opener, { message: `${dialogName}: focus did not return to its opener` });
}

type Check = {
  name: string;
  path: string;
  ready?: (page: Page) => Promise<void>;
  then?: (page: Page) => Promise<void>;
};

describe.skipIf(!chromiumPath)("accessibility (axe-core, keyboard, focus)", () => {
  const adminEmail = uniqueEmail("admin");
  const app = useAppInBrowser({ ADMIN_EMAILS: adminEmail });

  const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 15_000 });
  const openFirstVenue = async (page: Page) => {
    const card = page.getByRole("main").locator("article").first();
    await card.waitFor({ timeout: 15_000 });
    const name = (await card.getByRole("heading").first().textContent())!.trim();
    await card.getByRole("button", { name, exact: true }).click();
    await page.getByRole("dialog", { name }).waitFor();
    await settle(page);
  };

  // the map of matches (no style in tests: markers on the plain background, with the attribution control)
  const mapDrawn = async (page: Page) => {
    await page.locator("[data-map-state=plain], [data-map-state=ready]").waitFor({ timeout: 30_000 });
    await page.locator(".vibe-map-marker, .vibe-map-cluster").first().waitFor({ timeout: 15_000 });
    await settle(page);
  };

  const mapPages: Check[] = [
    { name: "home-map", path: "/?view=map", then: (page) => mapDrawn(page) },
    { name: "explore-map", path: "/explore?view=map", then: (page) => mapDrawn(page) },
  ];

  const openTab = async (page: Page, name: string) => {
    await page.getByRole("tab", { name }).click();
    await settle(page);
  };
  const openDialog = async (page: Page, role: "button", name: string) => {
    await page.getByRole(role, { name }).first().click();
    await page.getByRole("dialog", { name }).waitFor();
    await settle(page);
  };

  /**
   * One test per page of `checks`, all in one browser context that `open` makes (signed in as
   * `who`): twenty pages in one test took up to its 90 s limit on a loaded 2-core machine (each
   * page waits for its network to be idle, runs axe and takes a screenshot), and a failure now
   * names its page.
   */
  function auditEach(
    who: string,
    viewport: keyof typeof VIEWPORTS,
    open: () => Promise<{ page: Page; context: BrowserContext }>,
    checks: Check[],
  ) {
    describe(`${who}, ${viewport}: no serious or critical violations`, () => {
      let opened: { page: Page; context: BrowserContext };
      beforeAll(async () => {
        opened = await open();
      });
      afterAll(async () => opened?.context.close());
      it.each(checks)("$name", async (check) => {
        const { page } = opened;
        await page.goto(check.path);
        await (check.ready ?? h1)(page);
        await settle(page);
        if (check.then) await check.then(page);
        const found = await seriousViolations(page);
        await shot(page, `a11y-${who}-${viewport}-${check.name}`.replace(/[^a-z0-9-]+/gi, "-"));
        const failure = found.length ? describeViolations(`${who} ${viewport} ${check.name}`, found) : "";
        expect(failure, failure).toBe("");
      });
    });
  }

  const signedOutPages: Check[] = [
    { name: "landing", path: "/" },
    { name: "login", path: "/login" },
    {
      name: "login-providers",
      path: "/login",
      then: async (page) => {
        await page.getByRole("button", { name: "Sign Up" }).click();
        await page.getByRole("button", { name: "Email", exact: true }).waitFor();
      },
    },
    {
      name: "login-email-errors",
      path: "/login",
      then: async (page) => {
        await page.getByRole("button", { name: "Sign Up" }).click();
        await page.getByRole("button", { name: "Email", exact: true }).click();
        await page.getByRole("button", { name: "Create Account" }).click();
        await page.getByText("Invalid email address").first().waitFor();
      },
    },
    { name: "not-found", path: "/no-such-page" },
  ];
  const userPages: Check[] = [
    { name: "home", path: "/" },
    { name: "home-venue-details", path: "/", then: openFirstVenue },
    { name: "feed", path: "/feed" },
    { name: "feed-share-dialog", path: "/feed", then: (page) => openDialog(page, "button", "Share Your Vibe") },
    { name: "friends", path: "/friends" },
    { name: "friends-invite-dialog", path: "/friends", then: (page) => openDialog(page, "button", "Invite Friends") },
    { name: "friends-search", path: "/friends", then: (page) => openTab(page, "Search") },
    { name: "friends-requests", path: "/friends", then: (page) => openTab(page, "Requests") },
    {
      name: "friends-group-dialog",
      path: "/friends",
      then: async (page) => {
        await openTab(page, "Groups");
        await openDialog(page, "button", "Create Group Vibe");
      },
    },
    { name: "explore", path: "/explore" },
    {
      name: "explore-ai-search",
      path: "/explore",
      then: async (page) => {
        await page.getByRole("textbox", { name: "Describe what you're looking for" }).fill("cozy cafe for reading");
        await page.getByRole("button", { name: "Find" }).click();
        await page.getByRole("region", { name: "AI understood" }).waitFor({ timeout: 10_000 });
        await settle(page);
      },
    },
    { name: "saved", path: "/saved" },
    { name: "profile", path: "/profile" },
    {
      name: "profile-preferences-dialog",
      path: "/profile",
      then: (page) => openDialog(page, "button", "My Preferences"),
    },
    { name: "profile-privacy-sheet", path: "/profile", then: (page) => openDialog(page, "button", "Privacy Settings") },
    { name: "business-not-owner", path: "/business" },
    { name: "admin-not-admin", path: "/admin" },
    { name: "not-found", path: "/no-such-page" },
  ];
  const adminPages: Check[] = [
    { name: "admin", path: "/admin" },
    { name: "business", path: "/business" },
  ];

  it("the checker itself reports a nameless icon button and an image without text (it can fail)", async () => {
    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP);
    await page.goto("/");
    await h1(page);
    await page.evaluate(() => {
      const b = document.createElement("button");
      b.innerHTML = '<svg width="16" height="16" aria-hidden="true"></svg>';
      document.querySelector("main")!.append(b, Object.assign(document.createElement("img"), { src: "/favicon.svg" }));
    });
    const ids = (await seriousViolations(page)).map((v) => v.id).sort();
    expect(ids).toEqual(["button-name", "image-alt"]);
    await context.close();
  });

  it("keyboard: Tab reaches every control with visible focus: landing page, Home, a venue's details", async () => {
    const out = await newPage(app.browser, app.server.url, DESKTOP);
    await out.page.goto("/");
    await h1(out.page);
    await settle(out.page);
    const landing = await tabThrough(out.page, "landing");
    await out.context.close();

    const { page, context } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("kb"), "Kim");
    await page.goto("/");
    await page.getByRole("main").locator("article").first().waitFor({ timeout: 15_000 });
    await settle(page);
    const home = await tabThrough(page, "home");
    await openFirstVenue(page);
    const details = await tabThrough(page, "venue details");
    console.log(
      `keyboard: ${landing} controls on the landing page, ${home} on Home, ${details} in a venue's details, ` +
        "all reached with visible focus",
    );
    await context.close();
  });

  it("keyboard: a dialog and sheets trap focus while open and give it back to the opener on Escape", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, PHONE, { geolocation: GPS });
    await signUpIn(context, app.server.url, uniqueEmail("trap"), "Tia");

    await page.goto("/feed");
    await h1(page);
    await settle(page);
    await checkTrap(page, "Share Your Vibe", page.getByRole("button", { name: "Share Your Vibe" }).first());

    await page.goto("/profile");
    await h1(page);
    await settle(page);
    await checkTrap(page, "Privacy Settings", page.getByRole("button", { name: "Privacy Settings" }));

    await page.goto("/");
    const card = page.getByRole("main").locator("article").first();
    await card.waitFor({ timeout: 15_000 });
    await settle(page);
    const name = (await card.getByRole("heading").first().textContent())!.trim();
    await checkTrap(page, name, card.getByRole("button", { name, exact: true }));
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const viewport of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
    auditEach("signed-out", viewport, () => newPage(app.browser, app.server.url, VIEWPORTS[viewport]), signedOutPages);

    auditEach(
      "user",
      viewport,
      async () => {
        const opened = await newPage(app.browser, app.server.url, VIEWPORTS[viewport], { geolocation: GPS });
        await signUpIn(opened.context, app.server.url, uniqueEmail("a11y"), "Alex");
        return opened;
      },
      userPages,
    );

    // the map views (main's own audit), in a context of their own as before
    auditEach(
      "user",
      viewport,
      async () => {
        const opened = await newPage(app.browser, app.server.url, VIEWPORTS[viewport], { geolocation: GPS });
        await signUpIn(opened.context, app.server.url, uniqueEmail("a11y-map"), "Max");
        return opened;
      },
      mapPages,
    );

    auditEach(
      "admin",
      viewport,
      async () => {
        const opened = await newPage(app.browser, app.server.url, VIEWPORTS[viewport], { geolocation: GPS });
        const { context } = opened;
        await signUpAdminIn(context, app.server, adminEmail, "Ada");
        const venues = (await (
          await context.request.get(
            `${app.server.url}/api/venues/nearby?latitude=${GPS.latitude}&longitude=${GPS.longitude}&radius=2&limit=1`,
          )
        ).json()) as Venue[];
        const own = await context.request.post(`${app.server.url}/api/admin/venues/${venues[0].id}/owner`, {
          data: { email: adminEmail },
        });
        expect([201, 409]).toContain(own.status());
        return opened;
      },
      adminPages,
    );
  }
});
