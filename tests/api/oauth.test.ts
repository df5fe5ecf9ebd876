import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markEmailVerified } from "../../src/server/auth/users";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import type { Db } from "../../src/server/db/client";
import { openTestDb, startServer, type TestServer } from "../helpers/server";
import { dbTargets, type DbTarget } from "../helpers/targets";
import {
  CLIENTS,
  makeAppleKey,
  startFakeProvider,
  type AppleKey,
  type FakeAccount,
  type FakeProvider,
} from "../fakes/oidc-provider";

/**
 * A browser for redirect flows: one cookie jar per host name (as browsers do: cookies ignore the
 * port), redirects followed by hand, and Apple's auto-submitting form_post submitted like a page would.
 */
class Browser {
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
const account = (overrides: Partial<FakeAccount> = {}): FakeAccount => ({
  sub: `${Date.now()}${++counter}${Math.floor(Math.random() * 1000)}`,
  email: uniqueEmail("social"),
  email_verified: true,
  given_name: "Ada",
  family_name: "Lovelace",
  name: "Ada Lovelace",
  ...overrides,
});

function providerEnv(op: FakeProvider, apple: AppleKey): Record<string, string> {
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

/**
 * One PGlite database for all of this file's PGlite servers, which differ only in their settings
 * (opening one from the template costs seconds); closed after the last of them.
 */
let pglite: Promise<Db> | undefined;
const onDb = async (target: DbTarget) => (target === "pglite" ? { db: await (pglite ??= openTestDb("pglite")) } : {});
afterAll(async () => (await pglite)?.close());

async function startWithProvider(
  target: DbTarget,
  envExtra: (op: FakeProvider) => Record<string, string> = () => ({}),
) {
  const apple = await makeAppleKey();
  const op = await startFakeProvider(apple);
  const server = await startServer(target, {}, { ...providerEnv(op, apple), ...envExtra(op) }, {}, await onDb(target));
  op.registerClients(server.url);
  return { op, server, apple };
}

describe.each(dbTargets())("social sign-in on %s", (target) => {
  let op: FakeProvider;
  let server: TestServer;
  let apple: AppleKey;
  const browser = () => new Browser(server.url);
  const identities = (userId: string) =>
    server.db.query<{ provider: string; subject: string; email: string | null; email_verified: boolean }>(
      "SELECT provider, subject, email, email_verified FROM user_identities WHERE user_id = $1 ORDER BY provider",
      [userId],
    );

  const listedAdmin = uniqueEmail("google-admin");
  beforeAll(async () => {
    ({ op, server, apple } = await startWithProvider(target, () => ({ ADMIN_EMAILS: listedAdmin })));
  });
  afterAll(async () => {
    await server?.close();
    await op?.close();
  });

  describe("Google (OpenID Connect, discovery)", () => {
    it("sends an authorization request with PKCE S256, state and nonce", async () => {
      const res = await browser().request(`${server.url}/auth/google`);
      expect(res.status).toBe(303);
      const to = new URL(res.headers.get("location")!);
      expect(to.origin + to.pathname).toBe(`${op.issuer}/auth`);
      const q = Object.fromEntries(to.searchParams);
      expect(q).toMatchObject({
        client_id: CLIENTS.google.id,
        response_type: "code",
        code_challenge_method: "S256",
        redirect_uri: `${server.url}/auth/google/callback`,
      });
      expect(q.scope.split(" ").sort()).toEqual(["email", "openid", "profile"]);
      expect(q.state).toMatch(/^[\w-]{40,}$/);
      expect(q.nonce).toMatch(/^[\w-]{40,}$/);
      expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vibe_oauth_google="))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/Path=\/auth\/google\/callback/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    });

    it("creates an account at first sign-in, signs in, goes to /; the second sign-in finds that account", async () => {
      const b = browser();
      const person = account({ given_name: "Grace", family_name: "Hopper" });
      op.nextAccount = person;
      const end = await b.navigate(`${server.url}/auth/google`);
      expect(end.location).toBe("/");
      const me = await b.me();
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email: person.email,
        firstName: "Grace",
        lastName: "Hopper",
        isGuest: false,
        role: "user",
        emailVerified: true,
      });
      expect(await identities(me.body.id)).toEqual([
        { provider: "google", subject: person.sub, email: person.email, email_verified: true },
      ]);

      // Signed out, and back: found by (provider, subject), even though the email changed at Google.
      await b.request(`${server.url}/api/logout`);
      expect((await b.me()).status).toBe(401);
      person.email = uniqueEmail("changed");
      const again = await b.navigate(`${server.url}/auth/google`);
      expect(again.location).toBe("/");
      const me2 = await b.me();
      expect(me2.body.id).toBe(me.body.id);
      expect((await identities(me.body.id))[0].email).toBe(person.email);
      const [{ n }] = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM user_identities WHERE subject = $1",
        [person.sub],
      );
      expect(n).toBe(1);
    });

    it("links to the existing email account when the provider verified the email", async () => {
      const existing = await signUp(new Agent(server.url));
      // the address was proven by its verification link: the password is the owner's
      await markEmailVerified(server.db, existing.id);
      const b = browser();
      op.nextAccount = account({ email: existing.email.toUpperCase(), email_verified: true });
      expect((await b.navigate(`${server.url}/auth/google`)).location).toBe("/");
      const me = await b.me();
      expect(me.body.id).toBe(existing.id);
      expect(me.body.email).toBe(existing.email);
      expect(me.body.emailVerified).toBe(true);
      expect(await identities(existing.id)).toHaveLength(1);
      // the password still signs in to the same account
      const login = await new Agent(server.url).post("/auth/email/login", {
        email: existing.email,
        password: existing.password,
      });
      expect(login.body.id).toBe(existing.id);
    });

    it("linking an account whose address was only typed ends its password and sessions (pre-hijacking)", async () => {
      // someone signs up first with the address of a person who will later use Google
      const typist = new Agent(server.url);
      const existing = await signUp(typist);
      const b = browser();
      op.nextAccount = account({ email: existing.email, email_verified: true });
      expect((await b.navigate(`${server.url}/auth/google`)).location).toBe("/");
      const me = await b.me();
      // the address's owner is in, and the address is proven now
      expect(me.body).toMatchObject({ id: existing.id, emailVerified: true });
      // whoever typed it is out, and their password no longer opens the account
      await server.ctx.changes.settle();
      expect((await typist.get("/api/auth/me")).status).toBe(401);
      const login = await new Agent(server.url).post("/auth/email/login", {
        email: existing.email,
        password: existing.password,
      });
      expect(login.status).toBe(401);
      expect((await b.me()).status).toBe(200);
    });

    it("never links on an unverified email: a separate account, without that email", async () => {
      const existing = await signUp(new Agent(server.url));
      const b = browser();
      const person = account({ email: existing.email, email_verified: false });
      op.nextAccount = person;
      expect((await b.navigate(`${server.url}/auth/google`)).location).toBe("/");
      const me = await b.me();
      expect(me.status).toBe(200);
      expect(me.body.id).not.toBe(existing.id);
      expect(me.body.email).toBeNull();
      expect(await identities(existing.id)).toEqual([]);
      expect(await identities(me.body.id)).toEqual([
        { provider: "google", subject: person.sub, email: existing.email, email_verified: false },
      ]);
      // Returning with the same identity reaches the separate account again, not the email's.
      await b.request(`${server.url}/api/logout`);
      await b.navigate(`${server.url}/auth/google`);
      expect((await b.me()).body.id).toBe(me.body.id);
    });

    it("an address listed in ADMIN_EMAILS makes an admin only when Google vouches for it", async () => {
      const claimant = browser();
      op.nextAccount = account({ email: listedAdmin, email_verified: false });
      await claimant.navigate(`${server.url}/auth/google`);
      expect((await claimant.me()).body).toMatchObject({ role: "user", email: null, emailVerified: false });
      const owner = browser();
      op.nextAccount = account({ email: listedAdmin.toUpperCase(), email_verified: true });
      await owner.navigate(`${server.url}/auth/google`);
      expect((await owner.me()).body).toMatchObject({ role: "admin", email: listedAdmin, emailVerified: true });
    });

    it("a guest who signs in with Google keeps what they did: the guest account becomes theirs", async () => {
      const b = browser();
      const guest = await b.request(`${server.url}/api/auth/dev-login`, {
        method: "POST",
        headers: { origin: server.url },
      });
      const guestId = (await guest.json()).id;
      op.nextAccount = account();
      await b.navigate(`${server.url}/auth/google`);
      const me = await b.me();
      expect(me.body).toMatchObject({ id: guestId, isGuest: false, email: op.nextAccount.email, firstName: "Ada" });
    });

    it("a wrong or missing state signs nobody in and says so on /login", async () => {
      const b = browser();
      op.nextAccount = account();
      const start = await b.request(`${server.url}/auth/google`);
      const authorize = new URL(start.headers.get("location")!);
      authorize.searchParams.set("state", "not-the-state-that-was-sent-0123456789abcdef");
      const end = await b.navigate(authorize.href);
      expect(end.location).toBe("/login?error=expired&provider=google");
      expect((await b.me()).status).toBe(401);
      const [{ n }] = await server.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM user_identities WHERE subject = $1",
        [op.nextAccount.sub],
      );
      expect(n).toBe(0);

      // A callback with the right state but from another browser (no cookie): refused too.
      const other = browser();
      op.nextAccount = account();
      const b2 = browser();
      const s2 = await b2.request(`${server.url}/auth/google`);
      const state = new URL(s2.headers.get("location")!).searchParams.get("state")!;
      const cb = await other.navigate(`${server.url}/auth/google/callback?code=whatever&state=${state}`);
      expect(cb.location).toBe("/login?error=expired&provider=google");
      // and no state at all
      expect((await other.navigate(`${server.url}/auth/google/callback?code=x`)).location).toBe(
        "/login?error=expired&provider=google",
      );
    });

    it("a replayed callback (same code and state) fails and signs nobody in", async () => {
      const b = browser();
      op.nextAccount = account();
      expect((await b.navigate(`${server.url}/auth/google`)).location).toBe("/");
      const callback = b.callbacks.at(-1)!;
      await b.request(`${server.url}/api/logout`);
      // Even with the state cookie put back, as an attacker holding the whole request would.
      const state = new URL(callback.url).searchParams.get("state")!;
      const replay = await fetch(callback.url, {
        redirect: "manual",
        headers: { cookie: `vibe_oauth_google=${state}` },
      });
      expect(replay.status).toBe(303);
      expect(replay.headers.get("location")).toBe("/login?error=expired&provider=google");
      expect(replay.headers.getSetCookie().some((c) => c.startsWith("vibe_session="))).toBe(false);
    });

    it("a code used twice is refused by the provider: the flow ends on /login, not in a session", async () => {
      // The state row is single use; here a second flow of this browser carries an already-spent code.
      const b = browser();
      op.nextAccount = account();
      await b.navigate(`${server.url}/auth/google`);
      const spent = new URL(b.callbacks.at(-1)!.url).searchParams.get("code")!;
      await b.request(`${server.url}/api/logout`);
      const start = await b.request(`${server.url}/auth/google`);
      const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
      const end = await b.navigate(
        `${server.url}/auth/google/callback?code=${encodeURIComponent(spent)}&state=${state}` +
          `&iss=${encodeURIComponent(op.issuer)}`,
      );
      expect(end.location).toBe("/login?error=failed&provider=google");
      expect((await b.me()).status).toBe(401);
    });

    it("denied consent (error=access_denied) ends on /login with a message and no session", async () => {
      const b = browser();
      op.nextAccount = account();
      op.deny = true;
      try {
        const end = await b.navigate(`${server.url}/auth/google`);
        expect(end.location).toBe("/login?error=denied&provider=google");
      } finally {
        op.deny = false;
      }
      expect((await b.me()).status).toBe(401);
    });
  });

  describe("Apple (form_post, client-secret JWT)", () => {
    it("signs in via the cross-site form post with a valid ES256 client secret; keeps first-time name", async () => {
      const b = browser();
      const person = account({
        given_name: undefined,
        family_name: undefined,
        name: undefined,
        email_verified: "true",
      });
      op.nextAccount = person;
      op.appleUserField = JSON.stringify({ name: { firstName: "Steve", lastName: "Wozniak" }, email: person.email });
      const before = op.appleSecrets.length;
      const end = await b.navigate(`${server.url}/auth/apple`);
      expect(end.location).toBe("/");
      expect(b.callbacks.at(-1)!.method).toBe("POST");
      const me = await b.me();
      expect(me.body).toMatchObject({ email: person.email, firstName: "Steve", lastName: "Wozniak" });

      const secret = op.appleSecrets[before];
      expect(secret.error).toBeNull();
      expect(secret.header).toMatchObject({ alg: "ES256", kid: apple.keyId });
      expect(secret.payload).toMatchObject({ iss: apple.teamId, sub: apple.clientId, aud: op.issuer });
      expect(secret.payload!.exp! - secret.payload!.iat!).toBeLessThanOrEqual(600);

      // Apple sends the name only once; the second sign-in keeps it.
      await b.request(`${server.url}/api/logout`);
      expect((await b.navigate(`${server.url}/auth/apple`)).location).toBe("/");
      expect((await b.me()).body).toMatchObject({ id: me.body.id, firstName: "Steve", lastName: "Wozniak" });
    });

    it("takes the form post only from Apple's origin; other foreign origins are still refused", async () => {
      const res = await fetch(`${server.url}/auth/apple/callback`, {
        method: "POST",
        body: "state=x&code=y",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        redirect: "manual",
      });
      expect(res.status).toBe(403);
      // From the provider's origin, a made-up state goes to /login (no 415, no 500).
      const ok = await fetch(`${server.url}/auth/apple/callback`, {
        method: "POST",
        body: "state=x&code=y",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: op.origin },
        redirect: "manual",
      });
      expect(ok.status).toBe(303);
      expect(ok.headers.get("location")).toBe("/login?error=expired&provider=apple");
      // Other routes still take JSON only.
      const other = await fetch(`${server.url}/auth/email/login`, {
        method: "POST",
        body: "email=a&password=b",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      });
      expect(other.status).toBe(415);
    });

    it("a cancelled Apple sign-in (posted back as an error) ends on /login", async () => {
      const b = browser();
      op.nextAccount = account();
      op.deny = true;
      try {
        expect((await b.navigate(`${server.url}/auth/apple`)).location).toBe("/login?error=denied&provider=apple");
      } finally {
        op.deny = false;
      }
      expect((await b.me()).status).toBe(401);
    });
  });

  describe("X (OAuth 2.0, no email)", () => {
    it("creates an account without email, found again by X's user id", async () => {
      const b = browser();
      const person = account({
        sub: `${Date.now()}${++counter}`,
        name: "Jack D",
        email: undefined,
        email_verified: undefined,
      });
      op.nextAccount = person;
      const start = await b.request(`${server.url}/auth/x`);
      const q = new URL(start.headers.get("location")!).searchParams;
      expect(q.get("scope")).toBe("users.read tweet.read");
      expect(q.get("nonce")).toBeNull();
      expect(q.get("code_challenge_method")).toBe("S256");
      expect((await b.navigate(start.headers.get("location")!)).location).toBe("/");
      const me = await b.me();
      expect(me.body).toMatchObject({ email: null, firstName: "Jack D", isGuest: false });
      expect(await identities(me.body.id)).toEqual([
        { provider: "x", subject: person.sub, email: null, email_verified: false },
      ]);
      await b.request(`${server.url}/api/logout`);
      await b.navigate(`${server.url}/auth/x`);
      expect((await b.me()).body.id).toBe(me.body.id);
    });
  });
});

describe("an ID token whose signature does not verify", () => {
  let op: FakeProvider;
  let server: TestServer;
  beforeAll(async () => {
    // The JWKS the app trusts has the provider's key id but another key.
    ({ op, server } = await startWithProvider("pglite", (p) => ({ GOOGLE_JWKS_URL: p.wrongJwksUrl })));
  });
  afterAll(async () => {
    await server?.close();
    await op?.close();
  });

  it("ends on /login and signs nobody in", async () => {
    const identities = async () =>
      (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM user_identities"))[0].n;
    // the database is shared with this file's other servers: nothing is added to what they left
    const before = await identities();
    const b = new Browser(server.url);
    op.nextAccount = account();
    const end = await b.navigate(`${server.url}/auth/google`);
    expect(end.location).toBe("/login?error=failed&provider=google");
    expect((await b.me()).status).toBe(401);
    expect(await identities()).toBe(before);
  });
});

describe("providers that are not configured", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer("pglite", {}, {}, {}, await onDb("pglite"));
  });
  afterAll(async () => server?.close());

  it.each(["google", "apple", "x"])("/auth/%s and its callbacks still answer the clear page", async (p) => {
    for (const res of [
      await fetch(`${server.url}/auth/${p}`, { redirect: "manual" }),
      await fetch(`${server.url}/auth/${p}/callback?code=c&state=s`, { redirect: "manual" }),
    ]) {
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/sign-in is not configured/);
    }
  });
});
