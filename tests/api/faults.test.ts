import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPglite } from "../../src/server/db/client";
import { sfLikeElements, startFakeOverpass, type FakeOverpass } from "../fakes/overpass";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { freePort, runAdmin, runMigrate, startInstance, type Instance } from "../helpers/instance";

/**
 * Faults: a PostgreSQL restarted under traffic (and loaded once by `npm run migrate`), and the
 * embedded database surviving a hard kill while writes are in flight.
 * (Redis stopping and starting: tests/api/scale-out.test.ts. A slow, failing or truncating
 * venue source during a sync: tests/api/sync.test.ts.)
 */
const PG_BIN = "/usr/lib/postgresql/15/bin";
const canRunPrivatePg = existsSync(join(PG_BIN, "pg_ctl")) && process.getuid?.() === 0;
const SECRET = "faults-secret-faults-secret-faults-secret";
const AREA = { latitude: 37.95, longitude: -122.05 }; // a synced area with no seed venues

// A private PostgreSQL cluster (the machine's shared one is used by other runs and is not ours to
// restart). With TEST_DATABASE_URL set, as in CI, it must run rather than skip.
const needPg = !!process.env.TEST_DATABASE_URL;
describe.skipIf(!canRunPrivatePg && !needPg)("PostgreSQL restarted under traffic", () => {
  let dir: string;
  let port: number;
  let app: Instance;
  let env: Record<string, string>;
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync("runuser", ["-u", "postgres", "--", join(PG_BIN, cmd), ...args], { stdio: "pipe" });
  const pgCtl = (...args: string[]) => asPostgres("pg_ctl", ["-D", dir, "-w", "-t", "30", ...args]);

  beforeAll(async () => {
    if (!canRunPrivatePg)
      throw new Error(`a private PostgreSQL needs ${PG_BIN} and root (to run it as the postgres user)`);
    dir = mkdtempSync(join(tmpdir(), "vibe-pg-"));
    execFileSync("chown", ["postgres:postgres", dir]);
    port = await freePort();
    asPostgres("initdb", ["-D", dir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
    pgCtl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", join(dir, "log"), "start");
    env = {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      SESSION_SECRET: SECRET,
      SEED: "false",
      MIGRATE_ON_START: "false",
    };
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

  it("`npm run migrate` loads the schema once; before it, MIGRATE_ON_START=false instances won't start", async () => {
    await expect(startInstance(env)).rejects.toThrow(
      new RegExp(
        String.raw`exited with 1 before it was running:[\s\S]*VIBE failed to start: ` +
          String.raw`the database lacks \d+ migrations \(001_.*\); run ` +
          "`npm run migrate` first",
      ),
    );
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
    await expect
      .poll(async () => (await a.get("/api/health/ready")).status, { timeout: 20_000, interval: 200 })
      .toBe(200);
    const after = seen.length;
    await expect
      .poll(() => seen.slice(after).filter((s) => s.status === 200).length, { timeout: 10_000 })
      .toBeGreaterThan(3);
    stop = true;
    await traffic;

    expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(seen.find((s) => s.status === 503)!.body).toEqual({
      message: "The service is briefly unavailable. Please try again in a moment.",
    });
    // the same session and what was stored before the outage are there
    expect((await a.get("/api/auth/me")).body.id).toBe(me.id);
    expect((await a.get("/api/posts/feed")).body.map((p: { content: string }) => p.content)).toContain(
      "before the outage",
    );
    expect((await a.post("/api/posts", { vibes: ["Cozy"], content: "after the outage" })).status).toBe(201);
  });
});

describe("the embedded database after a hard kill", () => {
  let dir: string;
  let app: Instance | null = null;
  let overpass: FakeOverpass;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "vibe-pglite-"));
    overpass = await startFakeOverpass(sfLikeElements(AREA.latitude, AREA.longitude, 1000));
    // The data folder starts as a copy of the run's migrated database (where the instance keeps it:
    // DATA_DIR/pglite), not empty: creating an embedded database from nothing (initdb in
    // WebAssembly) was most of this test's time, and what is checked here starts after it
    // (`npm run admin -- create` on an empty folder: admin-cli.test.ts).
    const db = await openPglite({
      dataDir: join(dir, "pglite"),
      loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
    });
    await db.close();
  });
  afterAll(async () => {
    if (app?.child.exitCode === null) app.child.kill("SIGKILL");
    await overpass?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // PGlite runs PostgreSQL with fsync off, but writes its files through Node's synchronous fs
  // calls: a commit is in the operating system's cache before the answer leaves, which is what a
  // killed process needs (a power cut is another matter: docs/deploy.md).
  it("keeps every write acknowledged before SIGKILL, also those acknowledged while others were in flight", async () => {
    const adminEmail = uniqueEmail("admin");
    const env = {
      DATA_DIR: dir,
      SEED: "false",
      ADMIN_EMAILS: adminEmail,
      OVERPASS_URL: overpass.url,
      AREA_FETCH: "off", // only the admin sync calls the fake here (area fetches: area-fetch.test.ts)
      RATE_LIMIT_SCALE: "0",
    };
    // the first admin, made the operator's way before the first start
    expect((await runAdmin(env, ["create", adminEmail], "correct horse battery\n")).code).toBe(0);
    app = await startInstance(env);
    const admin = new Agent(app.url);
    expect(
      (await admin.post("/auth/email/login", { email: adminEmail, password: "correct horse battery" })).body.role,
    ).toBe("admin");
    const a = new Agent(app.url);
    const b = new Agent(app.url);
    const ada = await signUp(a);
    const bob = await signUp(b);

    // one of each kind of write, each acknowledged
    const sync = await admin.post("/api/admin/sync-venues", { ...AREA, radius: 1000 });
    expect(sync.status).toBe(200);
    expect(sync.body.added).toBe(7);
    const venue = (
      await a.get(`/api/venues/nearby?latitude=${AREA.latitude}&longitude=${AREA.longitude}&radius=2&limit=1`)
    ).body[0];
    expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: ada.email })).status).toBe(201);
    expect(
      (
        await a.post(`/api/venues/${venue.id}/updates`, {
          capacityStatus: "Full",
          noiseLevel: "Loud",
          currentVibes: ["Energetic"],
          specialNotes: "acknowledged update",
          isOpen: true,
        })
      ).status,
    ).toBe(201);
    expect((await a.post(`/api/favorites/${venue.id}`)).body).toEqual({ favorited: true });
    expect((await a.patch("/api/users/preferences", { preferredVibes: ["Cozy", "Quiet"] })).status).toBe(200);
    expect((await a.post("/api/friends/request", { friendId: bob.id })).status).toBe(201);
    expect((await b.post(`/api/friends/accept/${ada.id}`)).status).toBe(200);
    const first = await a.post("/api/posts", { vibes: ["Chill"], content: "the first post", venueId: venue.id });
    expect(first.status).toBe(201);
    expect((await b.post(`/api/posts/${first.body.id}/like`)).status).toBe(200);
    expect((await b.post(`/api/posts/${first.body.id}/comments`, { content: "acknowledged comment" })).status).toBe(
      201,
    );

    // then three writers at once, killed the moment the 15th of their posts is acknowledged
    const acknowledged: string[] = [];
    const attempted: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const content = `writer ${w} post ${i}`;
        attempted.push(content);
        const res = await a.post("/api/posts", { vibes: ["Chill"], content }).catch(() => null);
        if (res?.status === 201 && !killed) {
          acknowledged.push(content);
          if (acknowledged.length === 15) {
            killed = true;
            app!.child.kill("SIGKILL"); // no shutdown, no checkpoint; the other writers' posts are in flight
          }
        }
      }
    };
    await Promise.all([0, 1, 2].map(writer));
    expect(await app.exited).toBe(null);

    app = await startInstance(env);
    const again = new Agent(app.url);
    expect((await again.post("/auth/email/login", { email: ada.email, password: ada.password })).status).toBe(200);
    expect((await again.get("/api/auth/me")).body.preferredVibes).toEqual(["Cozy", "Quiet"]);
    const feed = (await again.get("/api/posts/feed?limit=100")).body as {
      content: string;
      likeCount: number;
      commentCount: number;
      venue: { id: number } | null;
    }[];
    const contents = feed.map((p) => p.content);
    for (const c of acknowledged) expect(contents).toContain(c);
    // nothing that was never sent, and the first post with its like and comment
    expect(contents.filter((c) => c !== "the first post").every((c) => attempted.includes(c))).toBe(true);
    expect(feed.find((p) => p.content === "the first post")).toMatchObject({
      likeCount: 1,
      commentCount: 1,
      venue: { id: venue.id },
    });
    expect((await again.get("/api/friends")).body.map((f: { id: string }) => f.id)).toEqual([bob.id]);
    expect((await again.get("/api/favorites")).body.map((v: { id: number }) => v.id)).toEqual([venue.id]);
    const mine = (await again.get("/api/my-venues")).body;
    expect(mine.map((v: { id: number }) => v.id)).toEqual([venue.id]);
    expect(mine[0].latestUpdate).toMatchObject({ capacityStatus: "Full", specialNotes: "acknowledged update" });
    const near = (
      await again.get(`/api/venues/nearby?latitude=${AREA.latitude}&longitude=${AREA.longitude}&radius=2&limit=50`)
    ).body;
    expect(near).toHaveLength(7);
  }, 180_000);
});
