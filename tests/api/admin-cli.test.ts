import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Agent, uniqueEmail } from "../helpers/http";
import { runAdmin } from "../helpers/instance";
import { startServer } from "../helpers/server";

const PASSWORD = "correct horse battery";

// `npm run admin` (src/server/admin-cli.ts): the operator's way to make the first admin of a
// new deployment and to give or take the role later, on the embedded database and on PostgreSQL.
// Each test starts the command several times (tsx compiling it, PGlite opening the folder), about
// 3 s each on a quiet machine and over 20 s on a loaded one: more time than the API project's 60 s.
const SPAWNS = { timeout: 240_000 };

describe("npm run admin on the embedded database", SPAWNS, () => {
  let dir: string;
  const env = () => ({ DATA_DIR: dir, DATABASE_URL: "", SESSION_SECRET: "" });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "vibe-admin-cli-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("creates the first admin on a fresh data folder (migrating it), reading the password from stdin", async () => {
    const email = uniqueEmail("first-admin");
    const created = await runAdmin(env(), ["create", email.toUpperCase()], `${PASSWORD}\n`);
    expect(created.out).toContain(`Created admin account ${email}`);
    expect(created.out).toContain("its email is marked verified");
    expect(created.code).toBe(0);
    const listed = await runAdmin(env(), ["list"]);
    expect(listed.out).toMatch(new RegExp(`${email.replace(/[.+]/g, "\\$&")}\\tgranted`));

    const again = await runAdmin(env(), ["create", email], `${PASSWORD}\n`);
    expect(again.code).toBe(1);
    expect(again.out).toContain(`An account with ${email} already exists`);
  });

  it("grants and revokes an existing account's role, saying what it did, and refuses bad input plainly", async () => {
    const email = uniqueEmail("someone");
    expect((await runAdmin(env(), ["create", email], `${PASSWORD}\n`)).code).toBe(0);
    const revoked = await runAdmin(env(), ["revoke", email]);
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.out).toContain(`Revoked the admin role of ${email}`);
    const granted = await runAdmin(env(), ["grant", email]);
    expect(granted.out).toContain(`Granted the admin role to ${email}`);

    const unknown = await runAdmin(env(), ["grant", uniqueEmail("nobody")]);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain("No account has the email");
    const badEmail = await runAdmin(env(), ["grant", "not-an-email"]);
    expect(badEmail.code).toBe(1);
    expect(badEmail.out).toContain("Invalid email address");
    const short = await runAdmin(env(), ["create", uniqueEmail("short")], "short\n");
    expect(short.code).toBe(1);
    expect(short.out).toContain("Password must be at least 8 characters; nothing was changed");
    const usage = await runAdmin(env(), ["promote", email]);
    expect(usage.code).toBe(1);
    expect(usage.out).toContain("Usage: npm run admin -- <command>");
  });

  it("says plainly that a running server holds the embedded database, and changes nothing", async () => {
    // a live process that holds the folder's lock, as a running server does
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      mkdirSync(join(dir, "pglite"), { recursive: true });
      const lock = join(dir, "pglite", "vibe.lock");
      writeFileSync(lock, `${holder.pid}\n`);
      const res = await runAdmin(env(), ["grant", uniqueEmail("while-running")]);
      expect(res.code).toBe(1);
      expect(res.out).toContain(`is in use by a running VIBE process (pid ${holder.pid})`);
      expect(res.out).toContain("Stop that server first");
      expect(readFileSync(lock, "utf8").trim()).toBe(String(holder.pid));
      rmSync(lock);
    } finally {
      holder.kill("SIGKILL");
    }
    // a lock left by a process that is gone is taken over
    writeFileSync(join(dir, "pglite", "vibe.lock"), "999999999\n");
    expect((await runAdmin(env(), ["list"])).code).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("npm run admin on PostgreSQL", SPAWNS, () => {
  it("creates an admin that signs in with the admin role on a running server, and revokes it", async () => {
    const env = { DATABASE_URL: inject("postgresUrl")!, SESSION_SECRET: "" };
    const email = uniqueEmail("pg-admin");
    const created = await runAdmin(env, ["create", email], `${PASSWORD}\n`);
    expect(created.out).toContain(`Created admin account ${email}`);
    expect(created.out).toContain("in PostgreSQL");
    const server = await startServer("postgres");
    try {
      const a = new Agent(server.url);
      expect((await a.post("/auth/email/login", { email, password: PASSWORD })).body).toMatchObject({
        role: "admin",
        emailVerified: true,
      });
      expect((await a.get("/api/admin/services")).status).toBe(200);
      // a server that is running hears of the revoke at once (the users row announces its change)
      expect((await runAdmin(env, ["revoke", email])).code).toBe(0);
      await server.ctx.changes.settle();
      expect((await a.get("/api/admin/services")).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
