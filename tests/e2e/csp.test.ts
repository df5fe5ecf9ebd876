import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANDING_TEXT } from "@client/features/landing/texts";
import { DESKTOP, PHONE, findChromium, newPage, signUpIn, useAppInBrowser } from "../helpers/browser";
import { uniqueEmail } from "../helpers/http";
import { waitForAtLeast, waitForIdle, waitForText } from "../helpers/wait";

const chromiumPath = findChromium();
const GPS = { latitude: 37.7749, longitude: -122.4194 };

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

declare global {
  interface Window {
    __cspViolations: Violation[];
  }
}

/** Records every `securitypolicyviolation` event of every document of the context, from its first script on. */
async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
        sample: e.sample,
      });
    });
  });
}
const violations = (page: Page) => page.evaluate(() => window.__cspViolations);

/** Lets the page finish its requests and rendering, so late violations (lazy chunks, images) are counted. */
async function settle(page: Page) {
  await waitForIdle(page);
}

describe.skipIf(!chromiumPath)("the built client under its Content-Security-Policy", () => {
  const app = useAppInBrowser();

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])("the landing page loads with zero CSP violations (%s)", async (_name, viewport) => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, viewport);
    await recordViolations(context);
    const res = await page.goto("/");
    expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await waitForText(page.getByRole("heading", { level: 1 }), LANDING_TEXT.headline);
    // the sign-up chooser (a dialog with its own chunk and styles)
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("button", { name: "Email", exact: true }).waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ])("Home, signed in, loads with zero CSP violations (%s)", async (_name, viewport) => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, viewport, { geolocation: GPS });
    await recordViolations(context);
    await signUpIn(context, app.server.url, uniqueEmail("csp"), "Casey");
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).first().waitFor();
    await waitForAtLeast(page.getByRole("main").locator("article"), 1, { timeout: 15_000 });
    // a vibe picked and a venue's details opened: popovers and sheets position themselves with inline styles
    await page.getByRole("group", { name: "Vibes" }).getByRole("button", { name: "Chill", exact: true }).click();
    await page.getByRole("main").locator("article").first().click();
    await page.getByRole("dialog").first().waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the page's own websocket connects, and one to another host is refused by connect-src", async () => {
    const { page, context, problems } = await newPage(app.browser, app.server.url, DESKTOP, { geolocation: GPS });
    await recordViolations(context);
    const own = page.waitForEvent("websocket", (ws) => ws.url().endsWith("/ws"));
    await signUpIn(context, app.server.url, uniqueEmail("csp-ws"), "Casey");
    await page.goto("/");
    const ws = await own;
    expect(new URL(ws.url()).host).toBe(new URL(app.server.url).host);
    await page.getByRole("navigation", { name: "Main" }).first().waitFor();
    await settle(page);
    expect(await violations(page)).toEqual([]);
    // injected code cannot send data to another host's websocket (a bare ws:/wss: source allowed it)
    await page.evaluate(() => {
      try {
        new WebSocket("ws://127.0.0.2:9/steal");
      } catch {
        // some browsers throw at once; the violation is recorded either way
      }
    });
    await page.waitForFunction(() => window.__cspViolations.some((v) => v.directive === "connect-src"));
    expect((await violations(page)).map((v) => v.directive)).toEqual(["connect-src"]);
    expect((await violations(page))[0].blocked).toMatch(/^ws:\/\/127\.0\.0\.2:9/);
    expect(problems.filter((p) => !/127\.0\.0\.2|Content Security Policy/.test(p))).toEqual([]);
    await context.close();
  });

  it("the policy is enforced and recorded: an injected inline script and event handler are refused", async () => {
    const { page, context } = await newPage(app.browser, app.server.url);
    await recordViolations(context);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __inlineRan?: boolean; __handlerRan?: boolean };
      const s = document.createElement("script");
      s.textContent = "window.__inlineRan = true";
      document.body.append(s);
      const b = document.createElement("button");
      b.setAttribute("onclick", "window.__handlerRan = true");
      document.body.append(b);
      b.click();
      return { inline: w.__inlineRan === true, handler: w.__handlerRan === true };
    });
    expect(ran).toEqual({ inline: false, handler: false });
    await page.waitForFunction(() => new Set(window.__cspViolations.map((v) => v.directive)).size >= 2);
    expect((await violations(page)).map((v) => v.directive).sort()).toEqual(["script-src-attr", "script-src-elem"]);
    await context.close();
  });
});
