import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, signUp } from "../helpers/http";
import { freePort, runMigrate, startInstance, type Instance } from "../helpers/instance";

/**
 * Faults: a PostgreSQL restarted under traffic, and the embedded database surviving a hard kill.
 * (Redis stopping and starting: tests/api/scale-out.test.ts. A slow, failing or truncating
 * venue source during a sync: tests/api/sync.test.ts.)
 */
const PG_BIN = "/usr/lib/postgresql/15/bin";
const canRunPrivatePg = existsSync(join(PG_BIN, "pg_ctl")) && process.getuid?.() === 0;
const SECRET = "faults-secret-faults-secret-faults-secret";

// A private PostgreSQL cluster (the machine's shared one is used by other runs and is not ours to
// restart). With TEST_DATABASE_URL set, as in CI, it must run rather than skip.
const needPg = !!process.env.TEST_DATABASE_URL;
describe.skipIf(!canRunPrivatePg && !needPg)("PostgreSQL restarted under traffic", () => {
  let dir: string;
  let port: number;
  let app: Instance;
  let env: Record<string, string>;
  const asPostgres = (cmd: string, args: string[]) => execFileSync("runuser", ["-u", "postgres", "--", join(PG_BIN, cmd), ...args], { stdio: "pipe" });
  const pgCtl = (...args: string[]) => asPostgres("pg_ctl", ["-D", dir, "-w", "-t", "30", ...args]);

  beforeAll(async () => {
    if (!canRunPrivatePg) throw new Error(`a private PostgreSQL needs ${PG_BIN} and root (to run it as the postgres user)`);
    dir = mkdtempSync(join(tmpdir(), "vibe-pg-"));
    execFileSync("chown", ["postgres:postgres", dir]);
    port = await freePort();
    asPostgres("initdb", ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    pgCtl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", join(dir, "log"), "start");
    env = { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, SESSION_SECRET: SECRET, SEED: "false", MIGRATE_ON_START: "false" };
  }, 120_000);
  afterAll(() => {
    if (app?.child.exitCode === null) app.child.kill("SIGKILL");
    if (dir) {
      try {
        pgCtl("-m", "immediate", "stop");
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the schema is loaded once by `npm run migrate`: before it, an instance with MIGRATE_ON_START=false refuses to start", async () => {
    await expect(startInstance(env)).rejects.toThrow(/exited with 1 before it was running:[\s\S]*VIBE failed to start: the database lacks \d+ migrations \(001_.*\); run `npm run migrate` first/);
    expect(await runMigrate(env)).toMatch(/^Database ready \(postgres\): \d+ migrations applied$/m);
    app = await startInstance(env);
    expect((await new Agent(app.url).get("/api/health/ready")).status).toBe(200);
  }, 60_000);

  it("answers 503 with a message while it is down, never 500, and recovers without a restart of the app", async () => {
    const a = new Agent(app.url);
    const me = await signUp(a);
    expect((await a.post("/api/posts", { vibes: ["Chill"], content: "before the outage" })).status).toBe(201);

    // traffic from a signed-in person all through the outage
    const seen: { status: number; body: unknown }[] = [];
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        const res = await a.get("/api/posts/feed").catch(() => ({ status: 0, body: null }));
        seen.push({ status: res.status, body: res.body });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    pgCtl("-m", "fast", "stop");
    await expect.poll(() => seen.filter((s) => s.status === 503).length, { timeout: 10_000 }).toBeGreaterThan(3);
    const ready = await a.get("/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body.message).toMatch(/database/i);
    expect((await a.get("/api/health")).status).toBe(200); // alive, just not ready

    pgCtl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", join(dir, "log"), "start");
    await expect.poll(async () => (await a.get("/api/health/ready")).status, { timeout: 20_000, interval: 200 }).toBe(200);
    const after = seen.length;
    await expect.poll(() => seen.slice(after).filter((s) => s.status === 200).length, { timeout: 10_000 }).toBeGreaterThan(3);
    stop = true;
    await traffic;

    expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(seen.find((s) => s.status === 503)!.body).toEqual({ message: "The service is briefly unavailable. Please try again in a moment." });
    // the same session and what was stored before the outage are there
    expect((await a.get("/api/auth/me")).body.id).toBe(me.id);
    expect((await a.get("/api/posts/feed")).body.map((p: { content: string }) => p.content)).toContain("before the outage");
    expect((await a.post("/api/posts", { vibes: ["Cozy"], content: "after the outage" })).status).toBe(201);
  });
});

describe("the embedded database after a hard kill", () => {
  let dir: string;
  let app: Instance | null = null;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), "vibe-pglite-"))));
  afterAll(() => {
    if (app?.child.exitCode === null) app.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every write that was acknowledged before SIGKILL", async () => {
    const env = { DATA_DIR: dir, SEED: "false" };
    app = await startInstance(env);
    const a = new Agent(app.url);
    const me = await signUp(a);
    const contents: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await a.post("/api/posts", { vibes: ["Chill"], content: `acknowledged ${i}` });
      expect(res.status).toBe(201);
      contents.push(`acknowledged ${i}`);
    }
    expect((await a.patch("/api/users/preferences", { preferredVibes: ["Cozy", "Quiet"] })).status).toBe(200);
    app.child.kill("SIGKILL"); // right after the last acknowledgement: no shutdown, no checkpoint
    expect(await app.exited).toBe(null);

    app = await startInstance(env);
    const again = new Agent(app.url);
    const login = await again.post("/auth/email/login", { email: me.email, password: me.password });
    expect(login.status).toBe(200);
    expect((await again.get("/api/auth/me")).body.preferredVibes).toEqual(["Cozy", "Quiet"]);
    const feed = (await again.get("/api/posts/feed")).body.map((p: { content: string }) => p.content);
    expect(feed.sort()).toEqual(contents.sort());
  }, 120_000);
});
