import { uniqueEmail } from "./http";
import { CLIENTS, type AppleKey, type FakeAccount, type FakeProvider } from "../fakes/oidc-provider";

/**
 * A browser for redirect flows: one cookie jar per host name (as browsers do: cookies ignore the
 * port), redirects followed by hand, and Apple's auto-submitting form_post submitted like a page would.
 */
export class Browser {
  private jar = new Map<string, Map<string, string>>();
  /** The app's callback requests this browser made (to replay them). */
  callbacks: { url: string; method: string; body?: string }[] = [];

  constructor(private appUrl: string) {}

  private cookiesFor(url: URL) {
    let jar = this.jar.get(url.hostname);
    if (!jar) this.jar.set(url.hostname, (jar = new Map()));
    return jar;
  }

  async request(url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
    const u = new URL(url);
    const jar = this.cookiesFor(u);
    const headers: Record<string, string> = { ...init.headers };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (u.pathname.match(/^\/auth\/(google|apple|x)\/callback$/) && url.startsWith(this.appUrl)) {
      this.callbacks.push({ url, method: init.method ?? "GET", body: init.body });
    }
    const res = await fetch(url, { method: init.method ?? "GET", headers, body: init.body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1);
      const gone =
        value === "" ||
        attrs.some(
          (a) =>
            /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split("=")[1]).getTime() < Date.now()),
        );
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /**
   * Goes to `url` and follows redirects and form posts until the browser is back on the app with a
   * page that is not a redirect; returns where it ended (path and query of the last redirect).
   */
  async navigate(
    url: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ location: string; status: number; text: string }> {
    let res = await this.request(url, init);
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get("location")!, current).href;
        // Back on the app and not at a callback: this is where the browser lands.
        if (next.startsWith(this.appUrl) && !/\/auth\/(google|apple|x)\/callback/.test(next)) {
          return { location: next.slice(this.appUrl.length), status: res.status, text: await res.text() };
        }
        current = next;
        res = await this.request(next);
        continue;
      }
      const text = await res.text();
      const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(text);
      if (form) {
        // Apple's answer (response_mode=form_post, 200 or, for an error, 400): the page submits
        // itself to the app, cross-site.
        const fields = new URLSearchParams();
        for (const m of form[2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g))
          fields.append(m[1], decodeHtml(m[2]));
        const from = new URL(current).origin;
        current = decodeHtml(form[1]);
        res = await this.request(current, {
          method: "POST",
          body: fields.toString(),
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: from,
            "sec-fetch-site": "cross-site",
          },
        });
        continue;
      }
      return {
        location: current.startsWith(this.appUrl) ? current.slice(this.appUrl.length) : current,
        status: res.status,
        text,
      };
    }
    throw new Error("too many redirects");
  }

  /** A JSON request to the app from its own page (this browser's cookies, the app's Origin). */
  async send(method: string, path: string, body?: unknown) {
    const res = await this.request(`${this.appUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { origin: this.appUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** The app session's own view, through an Agent sharing this browser's app cookies. */
  async me() {
    const res = await this.request(`${this.appUrl}/api/auth/me`);
    return { status: res.status, body: res.status === 200 ? await res.json() : null };
  }
}

const decodeHtml = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCharCode(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

let counter = 0;
/** A provider account (the fake provider signs it in next), verified email unless overridden. */
export const providerAccount = (overrides: Partial<FakeAccount> = {}): FakeAccount => ({
  sub: `${Date.now()}${++counter}${Math.floor(Math.random() * 1000)}`,
  email: uniqueEmail("social"),
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
  name: "Ada Lovelace",
  ...overrides,
});

/** The app's environment for Google (by discovery), Apple (every URL set) and X at the fake provider. */
export function providerEnv(op: FakeProvider, apple: AppleKey): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: CLIENTS.google.secret,
    // Google: everything from discovery at the issuer.
    GOOGLE_ISSUER: op.issuer,
    APPLE_CLIENT_ID: apple.clientId,
    APPLE_TEAM_ID: apple.teamId,
    APPLE_KEY_ID: apple.keyId,
    // as operators paste it into one line
    APPLE_PRIVATE_KEY: apple.privateKeyPem.replace(/\n/g, "\\n"),
    // Apple: every URL set, no discovery.
    APPLE_ISSUER: op.issuer,
    APPLE_AUTHORIZATION_URL: `${op.issuer}/auth`,
    APPLE_TOKEN_URL: `${op.issuer}/token`,
    APPLE_JWKS_URL: `${op.issuer}/jwks`,
    X_CLIENT_ID: CLIENTS.x.id,
    X_CLIENT_SECRET: CLIENTS.x.secret,
    X_AUTHORIZATION_URL: `${op.issuer}/auth`,
    X_TOKEN_URL: `${op.issuer}/token`,
    X_USERINFO_URL: `${op.issuer}/2/users/me`,
  };
}
