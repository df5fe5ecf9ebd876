import { spawn, type ChildProcess } from "node:child_process";
import { Agent as HttpAgent, request } from "node:http";
import { Socket } from "node:net";
import { inject } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, signUp, uniqueEmail } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { createAdmin } from "../../src/server/auth/roles";
import { freePort, runAdmin, runMigrate, startInstance, type Instance } from "../helpers/instance";
import { openWs } from "../helpers/ws";

const pg = !!process.env.TEST_DATABASE_URL;
const redis = !!process.env.TEST_REDIS_URL;
const ADMIN_PASSWORD = "correct horse battery";
const update = {
  capacityStatus: "Full",
  noiseLevel: "Loud",
  currentVibes: ["Energetic"],
  specialNotes: null,
  isOpen: true,
};

async function ownedVenue(base: string, adminEmail: string, _owner: Agent, ownerEmail: string) {
  const admin = new Agent(base);
  expect((await admin.post("/auth/email/login", { email: adminEmail, password: ADMIN_PASSWORD })).body.role).toBe(
    "admin",
  );
  const [venue] = (await admin.get("/api/venues/nearby?latitude=37.7749&longitude=-122.4194&radius=5&limit=1")).body;
  expect((await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: ownerEmail })).status).toBe(201);
  return { venue: venue as { id: number }, admin };
}

// Two app instances on one PostgreSQL and one Redis, as behind a load balancer: each started with
// the production start command (package.json `start:prod`) in a process of its own.
describe.skipIf(!pg || !redis)("two instances on PostgreSQL and Redis", () => {
  let a: Instance;
  let b: Instance;
  const adminEmail = uniqueEmail("admin");

  beforeAll(async () => {
    const env = {
      DATABASE_URL: inject("postgresUrl")!,
      REDIS_URL: inject("redisUrl")!,
      REDIS_PREFIX: `test-${process.pid}-${Date.now()}`,
      SESSION_SECRET: "two-instance-secret-two-instance-secret",
      ADMIN_EMAILS: adminEmail,
      SEED: "false",
      MIGRATE_ON_START: "false",
    };
    // the release steps of docs/deploy.md: migrate once, then start the instances
    await runMigrate(env);
    expect((await runAdmin(env, ["create", adminEmail], `${ADMIN_PASSWORD}\n`)).code).toBe(0);
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  });
  afterAll(async () => {
    for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill("SIGKILL");
  });

  it("a session made on A works on B, and a venue update posted to A reaches a websocket on B", async () => {
    for (const i of [a, b]) {
      expect((await new Agent(i.url).get("/api/health")).body).toEqual({
        status: "ok",
        db: "postgres",
        realtime: "redis",
      });
      expect((await new Agent(i.url).get("/api/health/ready")).body).toEqual({
        status: "ready",
        db: "postgres",
        realtime: "redis",
      });
    }
    const owner = new Agent(a.url);
    const user = await signUp(owner);
    const onB = new Agent(b.url);
    const me = await fetch(b.url + "/api/auth/me", { headers: { cookie: owner.cookieHeader() } });
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(user.id);

    const { venue } = await ownedVenue(a.url, adminEmail, owner, user.email);
    const viewer = await signUp(onB);
    const ws = await openWs(b.url, { cookie: onB.cookieHeader() });
    ws.send({ type: "subscribe", userId: viewer.id });
    await ws.next((m) => m.type === "subscribed");
    expect((await owner.post(`/api/venues/${venue.id}/updates`, update)).status).toBe(201);
    expect(await ws.next((m) => m.type === "venue_update")).toMatchObject({
      venueId: venue.id,
      latestUpdate: { capacityStatus: "Full" },
    });
    ws.close();
  });

  it("a session ended on one instance closes its websockets on the other (logout, sign out everywhere)", async () => {
    const laptop = new Agent(a.url);
    const user = await signUp(laptop);
    const phone = new Agent(b.url);
    expect((await phone.post("/auth/email/login", { email: user.email, password: user.password })).status).toBe(200);
    const subscribe = async (base: string, agent: Agent) => {
      const ws = await openWs(base, { cookie: agent.cookieHeader() });
      ws.send({ type: "subscribe", userId: user.id });
      await ws.next((m) => m.type === "subscribed");
      return ws;
    };
    const closeCode = (ws: Awaited<ReturnType<typeof subscribe>>) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("still open after 10 s")), 10_000);
        ws.socket.once("close", (code) => (clearTimeout(timer), resolve(code)));
      });
    // the laptop's session, with a socket on each instance; logout through A
    const [laptopOnA, laptopOnB] = [await subscribe(a.url, laptop), await subscribe(b.url, laptop)];
    const phoneOnA = await subscribe(a.url, phone);
    const closing = [closeCode(laptopOnA), closeCode(laptopOnB)];
    expect((await laptop.get("/api/logout")).status).toBe(303);
    expect(await Promise.all(closing)).toEqual([4001, 4001]);
    // the phone's socket on A stays; signing out everywhere through B closes it
    phoneOnA.send({ type: "ping" });
    expect(await phoneOnA.next((m) => m.type === "pong")).toBeTruthy();
    const phoneClosing = closeCode(phoneOnA);
    expect((await phone.post("/api/auth/logout-everywhere")).status).toBe(200);
    expect(await phoneClosing).toBe(4001);
  });

  it("SIGTERM drains A: websockets close 1001, a pending request finishes, A exits 0; B keeps serving", async () => {
    const onA = new Agent(a.url);
    const user = await signUp(onA);
    const ws = await openWs(a.url, { cookie: onA.cookieHeader() });
    ws.send({ type: "subscribe", userId: user.id });
    await ws.next((m) => m.type === "subscribed");
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    // a post in flight when SIGTERM arrives (its headers are in, half of its body is not), on a
    // kept-alive connection like a load balancer's, which must not hold the shutdown open
    const body = JSON.stringify({ vibes: ["Chill"], content: "posted across the shutdown" });
    const balancer = new HttpAgent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const inFlight = request(a.url + "/api/posts", {
      agent: balancer,
      method: "POST",
      headers: {
        origin: a.url,
        cookie: onA.cookieHeader(),
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.once("response", (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      });
      inFlight.once("error", reject);
    });
    inFlight.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));

    a.child.kill("SIGTERM");
    expect(await closed).toEqual({ code: 1001, reason: "Server shutting down" });
    // A no longer accepts connections, but finishes the request it is in the middle of
    await expect(fetch(a.url + "/api/health")).rejects.toThrow();
    expect(a.child.exitCode).toBe(null);
    inFlight.end(body.slice(10));
    expect(await answered).toMatchObject({ status: 201 });
    expect(await a.exited).toBe(0);
    balancer.destroy();
    expect((await new Agent(b.url).get("/api/health/ready")).status).toBe(200);
    const feed = await fetch(b.url + "/api/posts/feed", { headers: { cookie: onA.cookieHeader() } });
    expect((await feed.json()).map((p: { content: string }) => p.content)).toContain("posted across the shutdown");

    // the session is in PostgreSQL, so the same person carries on at B
    const me = await fetch(b.url + "/api/auth/me", { headers: { cookie: onA.cookieHeader() } });
    expect((await me.json()).id).toBe(user.id);
    const again = await openWs(b.url, { cookie: onA.cookieHeader() });
    again.send({ type: "subscribe", userId: user.id });
    expect(await again.next((m) => m.type === "subscribed")).toMatchObject({ userId: user.id });
    again.close();
  });
});

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once("connect", () => (s.destroy(), resolve(true)));
      s.once("error", () => resolve(false));
      s.connect(port, "127.0.0.1");
    });
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("redis-server did not start");
}

// A private Redis that the test can stop and start again.
describe.skipIf(!redis)("when Redis drops and comes back", () => {
  let a: TestServer;
  let b: TestServer;
  let port: number;
  let child: ChildProcess;
  const adminEmail = uniqueEmail("admin");

  beforeAll(async () => {
    port = await freePort();
    child = await startRedis(port);
    const env = { ADMIN_EMAILS: adminEmail, REDIS_URL: `redis://127.0.0.1:${port}` };
    const target = pg ? "postgres" : "pglite";
    a = await startServer(target, {}, env);
    await createAdmin(a.db, adminEmail, ADMIN_PASSWORD);
    // on PGlite, instance B shares A's database object: one process, two HTTP servers
    b = pg ? await startServer("postgres", {}, env) : a;
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await a?.close();
    if (b !== a) await b?.close();
  });

  it("keeps serving HTTP, reports the bus unavailable, and delivers again once Redis is back", async () => {
    const owner = new Agent(a.url);
    const user = await signUp(owner);
    const { venue, admin } = await ownedVenue(a.url, adminEmail, owner, user.email);
    const viewerAgent = new Agent(b.url);
    const viewer = await signUp(viewerAgent);
    const ws = await openWs(b.url, { cookie: viewerAgent.cookieHeader() });
    ws.send({ type: "subscribe", userId: viewer.id });
    await ws.next((m) => m.type === "subscribed");
    expect(a.ctx.bus.available()).toBe(true);

    const bus = async () =>
      (
        (await admin.get("/api/admin/services")).body.services as { name: string; available: boolean; detail: string }[]
      ).find((s) => s.name === "Realtime bus");
    expect(await bus()).toEqual({ name: "Realtime bus", available: true, detail: "Redis pub/sub connected" });

    child.kill("SIGKILL");
    await expect.poll(() => a.ctx.bus.available(), { timeout: 5000 }).toBe(false);
    // the admin services list says so, and HTTP carries on
    expect(await bus()).toEqual({
      name: "Realtime bus",
      available: false,
      detail: "Redis unavailable: live updates stay on this instance until it returns",
    });
    expect((await owner.get("/api/health")).status).toBe(200);
    expect((await owner.get("/api/health/ready")).status).toBe(200);
    // the update is stored even though it cannot be broadcast
    expect((await owner.post(`/api/venues/${venue.id}/updates`, update)).status).toBe(201);
    expect((await owner.get("/api/my-venues")).body[0].latestUpdate.capacityStatus).toBe("Full");

    child = await startRedis(port);
    await expect.poll(() => a.ctx.bus.available() && b.ctx.bus.available(), { timeout: 10_000 }).toBe(true);
    expect((await bus())?.available).toBe(true);
    expect((await owner.post(`/api/venues/${venue.id}/updates`, { ...update, capacityStatus: "Empty" })).status).toBe(
      201,
    );
    expect(
      await ws.next(
        (m) => m.type === "venue_update" && (m.latestUpdate as { capacityStatus: string }).capacityStatus === "Empty",
        10_000,
      ),
    ).toBeTruthy();
    ws.close();
  });
});
