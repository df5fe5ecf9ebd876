import { afterEach, describe, expect, it, vi } from "vitest";
import { useUnitDb, uniqueEmail } from "../../../tests/helpers/unit-db";
import { dbTargets } from "../../../tests/helpers/targets";
import { claimMailSlot, issueEmailToken, peekEmailToken, useEmailToken, type EmailTokenPurpose } from "./email-tokens";

/**
 * The links VIBE mails (docs/sign-in.md, "Email links" and "Sign-in links"), in process on each
 * database. From the document: 256 random bits (43 base64url characters), only an HMAC keyed by
 * SESSION_SECRET stored; verification works once for 24 hours, reset 1 hour, sign-in 15 minutes; at
 * most 3 links of each kind per account per hour; using one spends the account's other open links
 * of that kind; a refused link says why (`invalid`, `expired`, `used`); opening a link's page spends
 * nothing. Mutation testing (issue 29) found no unit test of email-tokens.ts (82 unnoticed mutants).
 */
const SECRET = "unit-test-session-secret-unit-test-session-secret";
const MINUTE_MS = 60_000;

// statements on a loaded, shared machine (and under Stryker's instrumentation) may take a while
vi.setConfig({ testTimeout: 30_000 });

describe.each(dbTargets())("email links on %s", (target) => {
  const db = useUnitDb(target);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const newUser = async () => {
    const email = uniqueEmail("mail");
    const [row] = await db.query<{ id: string }>("INSERT INTO users (email) VALUES ($1) RETURNING id", [email]);
    return { id: row.id, email };
  };
  const rowsOf = (userId: string) =>
    db.query<{
      token_hash: string;
      purpose: string;
      email: string;
      created_at: Date;
      expires_at: Date;
      used_at: Date | null;
    }>(
      "SELECT token_hash, purpose, email, created_at, expires_at, used_at FROM email_tokens " +
        "WHERE user_id = $1 ORDER BY created_at",
      [userId],
    );

  it.each([
    ["verify", 24 * 60],
    ["reset", 60],
    ["signin", 15],
  ] as const)("a %s link: a 43-character token, only a hash of it stored, for %i minutes", async (purpose, minutes) => {
    const u = await newUser();
    const token = await issueEmailToken(db, SECRET, u.id, u.email, purpose);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await rowsOf(u.id);
    expect(row.purpose).toBe(purpose);
    expect(row.email).toBe(u.email);
    expect(row.used_at).toBeNull();
    expect(row.token_hash).not.toContain(token!);
    const life = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(life).toBeGreaterThanOrEqual(minutes * MINUTE_MS - 1000);
    expect(life).toBeLessThanOrEqual(minutes * MINUTE_MS + 1000);
    expect(await peekEmailToken(db, SECRET, token!, purpose)).toEqual({ ok: true, userId: u.id, email: u.email });
  });

  it("works once: a second use is refused as used", async () => {
    const u = await newUser();
    const token = (await issueEmailToken(db, SECRET, u.id, u.email, "verify"))!;
    expect(await useEmailToken(db, SECRET, token, "verify")).toEqual({ ok: true, userId: u.id, email: u.email });
    const [row] = await rowsOf(u.id);
    expect(row.used_at).not.toBeNull();
    expect(await useEmailToken(db, SECRET, token, "verify")).toEqual({ ok: false, reason: "used" });
    expect(await peekEmailToken(db, SECRET, token, "verify")).toEqual({ ok: false, reason: "used" });
  });

  it("looking at a link spends nothing", async () => {
    const u = await newUser();
    const token = (await issueEmailToken(db, SECRET, u.id, u.email, "signin"))!;
    await peekEmailToken(db, SECRET, token, "signin");
    await peekEmailToken(db, SECRET, token, "signin");
    expect((await rowsOf(u.id))[0].used_at).toBeNull();
    expect((await useEmailToken(db, SECRET, token, "signin")).ok).toBe(true);
  });

  it("an expired link is refused as expired, by use and by a look", async () => {
    const u = await newUser();
    const token = (await issueEmailToken(db, SECRET, u.id, u.email, "reset"))!;
    await db.query("UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [u.id]);
    expect(await peekEmailToken(db, SECRET, token, "reset")).toEqual({ ok: false, reason: "expired" });
    expect(await useEmailToken(db, SECRET, token, "reset")).toEqual({ ok: false, reason: "expired" });
    expect((await rowsOf(u.id))[0].used_at).toBeNull();
  });

  it("a token not made here, malformed, of another kind or hashed with another secret is invalid", async () => {
    const u = await newUser();
    const token = (await issueEmailToken(db, SECRET, u.id, u.email, "reset"))!;
    for (const [t, purpose, secret] of [
      ["A".repeat(43), "reset", SECRET],
      [token.slice(1), "reset", SECRET],
      [`${token}A`, "reset", SECRET],
      [`${token.slice(1)}=`, "reset", SECRET],
      [token, "verify", SECRET],
      [token, "signin", SECRET],
      [token, "reset", `${SECRET}x`],
    ] as [string, EmailTokenPurpose, string][]) {
      expect(await peekEmailToken(db, secret, t, purpose)).toEqual({ ok: false, reason: "invalid" });
      // biome-ignore lint/correctness/useHookAtTopLevel: useEmailToken is no React hook (it spends a link)
      expect(await useEmailToken(db, secret, t, purpose)).toEqual({ ok: false, reason: "invalid" });
    }
    expect((await useEmailToken(db, SECRET, token, "reset")).ok).toBe(true);
  });

  it("using one link spends the account's other open links of that kind, not of another kind or account", async () => {
    const u = await newUser();
    const v = await newUser();
    const older = (await issueEmailToken(db, SECRET, u.id, u.email, "reset"))!;
    const newer = (await issueEmailToken(db, SECRET, u.id, u.email, "reset"))!;
    const verify = (await issueEmailToken(db, SECRET, u.id, u.email, "verify"))!;
    const theirs = (await issueEmailToken(db, SECRET, v.id, v.email, "reset"))!;
    expect((await useEmailToken(db, SECRET, newer, "reset")).ok).toBe(true);
    expect(await useEmailToken(db, SECRET, older, "reset")).toEqual({ ok: false, reason: "used" });
    expect(await useEmailToken(db, SECRET, verify, "verify")).toEqual({ ok: true, userId: u.id, email: u.email });
    expect(await useEmailToken(db, SECRET, theirs, "reset")).toEqual({ ok: true, userId: v.id, email: v.email });
  });

  it("at most 3 links of each kind per account per hour", async () => {
    const u = await newUser();
    for (let i = 0; i < 3; i++) expect(await issueEmailToken(db, SECRET, u.id, u.email, "signin")).not.toBeNull();
    expect(await issueEmailToken(db, SECRET, u.id, u.email, "signin")).toBeNull();
    expect(await rowsOf(u.id)).toHaveLength(3);
    // another kind, or another account, has its own 3
    expect(await issueEmailToken(db, SECRET, u.id, u.email, "reset")).not.toBeNull();
    const v = await newUser();
    expect(await issueEmailToken(db, SECRET, v.id, v.email, "signin")).not.toBeNull();
    // links made over an hour ago no longer count
    await db.query("UPDATE email_tokens SET created_at = now() - interval '61 minutes' WHERE user_id = $1", [u.id]);
    expect(await issueEmailToken(db, SECRET, u.id, u.email, "signin")).not.toBeNull();
    await db.query(
      "UPDATE email_tokens SET created_at = now() - interval '59 minutes' WHERE user_id = $1 AND purpose = 'reset'",
      [u.id],
    );
    expect(await issueEmailToken(db, SECRET, u.id, u.email, "reset")).not.toBeNull();
    expect(await issueEmailToken(db, SECRET, u.id, u.email, "reset")).not.toBeNull();
    expect(await issueEmailToken(db, SECRET, u.id, u.email, "reset")).toBeNull();
  });

  it("now and then sweeps links that ended over a day ago (a second click before that is told why)", async () => {
    const u = await newUser();
    await issueEmailToken(db, SECRET, u.id, u.email, "verify");
    await issueEmailToken(db, SECRET, u.id, u.email, "reset");
    const [a, b] = await rowsOf(u.id);
    await db.query("UPDATE email_tokens SET expires_at = now() - interval '25 hours' WHERE token_hash = $1", [
      a.token_hash,
    ]);
    await db.query("UPDATE email_tokens SET expires_at = now() - interval '23 hours' WHERE token_hash = $1", [
      b.token_hash,
    ]);
    const v = await newUser();
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    await issueEmailToken(db, SECRET, v.id, v.email, "verify");
    expect(await rowsOf(u.id)).toHaveLength(2);
    vi.spyOn(Math, "random").mockReturnValue(0.01); // 1 in 20
    await issueEmailToken(db, SECRET, v.id, v.email, "reset");
    expect((await rowsOf(u.id)).map((r) => r.token_hash)).toEqual([b.token_hash]);
  });

  it("a mail slot is claimed once per window per kind and key, again once the window has passed", async () => {
    const key = uniqueEmail("slot");
    expect(await claimMailSlot(db, "alert", key, 60)).toBe(true);
    expect(await claimMailSlot(db, "alert", key, 60)).toBe(false);
    expect(await claimMailSlot(db, "reset", key, 60)).toBe(true);
    expect(await claimMailSlot(db, "alert", `${key}x`, 60)).toBe(true);
    await db.query("UPDATE mail_sent SET sent_at = now() - interval '59 minutes' WHERE key = $1 AND kind = 'alert'", [
      key,
    ]);
    expect(await claimMailSlot(db, "alert", key, 60)).toBe(false);
    await db.query("UPDATE mail_sent SET sent_at = now() - interval '61 minutes' WHERE key = $1 AND kind = 'alert'", [
      key,
    ]);
    expect(await claimMailSlot(db, "alert", key, 60)).toBe(true);
    expect(await claimMailSlot(db, "alert", key, 60)).toBe(false);
  });
});
