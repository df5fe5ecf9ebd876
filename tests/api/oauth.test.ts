import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markEmailVerified } from "../../src/server/auth/users";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import type { Db } from "../../src/server/db/client";
import { openTestDb, startServer, type TestServer } from "../helpers/server";
import { dbTargets, type DbTarget } from "../helpers/targets";
import { CLIENTS, makeAppleKey, startFakeProvider, type AppleKey, type FakeProvider } from "../fakes/oidc-provider";
import { Browser, providerAccount as account, providerEnv } from "../helpers/oauth-browser";

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
  build: Parameters<typeof startServer>[3] = {},
) {
  const apple = await makeAppleKey();
  const op = await startFakeProvider(apple);
  const server = await startServer(
    target,
    {},
    { ...providerEnv(op, apple), ...envExtra(op) },
    build,
    await onDb(target),
  );
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

describe.each(dbTargets())("the request log on %s (issue 27)", (target) => {
  let op: FakeProvider;
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    ({ op, server } = await startWithProvider(target, () => ({ LOG_LEVEL: "info" }), {
      logStream: { write: (line: string) => void lines.push(line) },
    }));
  });
  afterAll(async () => {
    await server?.close();
    await op?.close();
  });

  it("never writes a callback's code or state: its query is redacted, other URLs are kept", async () => {
    const b = new Browser(server.url);
    op.nextAccount = account();
    const start = await b.request(`${server.url}/auth/google`);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const end = await b.navigate(start.headers.get("location")!);
    expect(end.location).toBe("/");
    // a replayed or forged callback is logged the same way
    await b.request(`${server.url}/auth/x/callback?code=forged-code-123&state=forged-state-456`);
    await fetch(`${server.url}/api/health?probe=kept`);
    const log = lines.join("");
    const urls = lines
      .map((l) => JSON.parse(l) as { req?: { url: string } })
      .flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toContain("/auth/google/callback?[redacted]");
    expect(urls).toContain("/auth/x/callback?[redacted]");
    expect(urls).toContain("/api/health?probe=kept");
    expect(log).not.toContain(state);
    expect(log).not.toMatch(/code=|state=|forged-/);
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
