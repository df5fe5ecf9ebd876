import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { person as newPerson, venue as aVenue } from "../helpers/factories";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { inject } from "vitest";
import { dbTargets, type DbTarget } from "../helpers/targets";
import { closed, openWs } from "../helpers/ws";

// Every database with the in-process bus, and with TEST_REDIS_URL the Redis bus as well.
const cases: Array<{ target: DbTarget; bus: "memory" | "redis" }> = [
  ...dbTargets().map((target) => ({ target, bus: "memory" as const })),
  ...(process.env.TEST_REDIS_URL ? [{ target: dbTargets().at(-1)!, bus: "redis" as const }] : []),
];

describe.each(cases)("realtime websocket on $target with the $bus bus", ({ target, bus }) => {
  let server: TestServer;
  let root: Agent;
  const adminEmail = uniqueEmail("admin");

  beforeAll(async () => {
    const redis: Record<string, string> =
      bus === "redis" ? { REDIS_URL: inject("redisUrl")!, REDIS_PREFIX: `test-${process.pid}-${Date.now()}` } : {};
    server = await startServer(target, {}, { ADMIN_EMAILS: adminEmail, ...redis });
    expect((await new Agent(server.url).get("/api/health")).body.realtime).toBe(bus);
    root = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  async function person() {
    const p = await newPerson(server);
    return { ...p, ws: () => openWs(server.url, { cookie: p.agent.cookieHeader() }) };
  }

  it("refuses an upgrade without a session (401) or from a foreign Origin (403)", async () => {
    await expect(openWs(server.url)).rejects.toMatchObject({ statusCode: 401 });
    const p = await person();
    await expect(
      openWs(server.url, { cookie: p.agent.cookieHeader(), origin: "https://evil.example" }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it("answers a plain GET (no Upgrade) with 426 and a message, not an empty 404", async () => {
    const p = await person();
    const res = await p.agent.get("/ws");
    expect(res.status).toBe(426);
    expect(res.headers.get("upgrade")).toBe("websocket");
    expect(res.body).toEqual({ message: "This address only accepts websocket connections" });
    expect((await root.fresh().get("/ws")).status).toBe(401);
  });

  it("lets guests and signed-in people connect, subscribe to themselves only, and ping", async () => {
    const guest = root.fresh();
    const g = (await guest.post("/api/auth/dev-login")).body;
    const ws = await openWs(server.url, { cookie: guest.cookieHeader() });
    ws.send({ type: "subscribe", userId: g.id });
    expect(await ws.next((m) => m.type === "subscribed")).toEqual({ type: "subscribed", userId: g.id });
    ws.send({ type: "subscribe", userId: "00000000-0000-4000-8000-000000000000" });
    expect(await ws.next((m) => m.type === "error")).toEqual({
      type: "error",
      message: "You can only subscribe to your own updates",
    });
    ws.send({ type: "ping" });
    expect(await ws.next((m) => m.type === "pong")).toEqual({ type: "pong" });
    ws.close();
  });

  it("answers malformed messages with an error and stays open; closes on an oversize one", async () => {
    const p = await person();
    const ws = await p.ws();
    ws.send("{not json");
    expect((await ws.next((m) => m.type === "error")).message).toBe("Messages must be JSON");
    ws.send({ type: "dance" });
    expect(await ws.next((m) => m.message === "Unknown message type")).toBeTruthy();
    ws.send(Buffer.from([1, 2, 3]));
    expect(await ws.next((m) => m.message === "Messages must be small JSON text")).toBeTruthy();
    ws.send({ type: "ping" });
    expect(await ws.next((m) => m.type === "pong")).toBeTruthy();
    const code = closed(ws);
    ws.send("x".repeat(10_000));
    expect(await code).toBe(1009);
    // the server is fine
    expect((await root.get("/api/health")).status).toBe(200);
  });

  it("limits how many messages a connection may send: past the limit it is closed with 1008", async () => {
    const p = await person();
    const ws = await p.ws();
    const code = closed(ws);
    for (let i = 0; i < 65; i++) ws.send({ type: "ping" });
    expect(await code).toBe(1008);
  });

  it("sends personal events only to their person, and venue updates to everyone", async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    const [wa, wb] = [await a.ws(), await b.ws()];
    wa.send({ type: "subscribe", userId: a.id });
    wb.send({ type: "subscribe", userId: b.id });
    await wa.next((m) => m.type === "subscribed");
    await wb.next((m) => m.type === "subscribed");

    await c.agent.post("/api/friends/request", { friendId: a.id });
    expect(await wa.next((m) => m.type === "friend_request")).toMatchObject({ user: { id: c.id } });
    await a.agent.post(`/api/friends/accept/${c.id}`);
    // c has no socket; b hears nothing personal
    const post = (await a.agent.post("/api/posts", { vibes: ["Chill"] })).body;
    await c.agent.post(`/api/posts/${post.id}/like`);
    expect(await wa.next((m) => m.type === "post_liked")).toMatchObject({ postId: post.id });
    await c.agent.post(`/api/posts/${post.id}/comments`, { content: "hi" });
    expect(await wa.next((m) => m.type === "post_commented")).toMatchObject({ postId: post.id });
    // a friend's post reaches the friend (one event for all of c's friends; b is not one)
    const friendsPost = (await c.agent.post("/api/posts", { vibes: ["Cozy"] })).body;
    expect(await wa.next((m) => m.type === "friend_post")).toMatchObject({
      postId: friendsPost.id,
      user: { id: c.id },
    });

    // a venue update reaches everyone connected
    const admin = root.fresh();
    await signUpAdmin(server, admin, { email: adminEmail });
    const venue = await aVenue(server.db, { fresh: true }); // no other test's live state on it
    await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: b.email });
    await b.agent.post(`/api/venues/${venue.id}/updates`, {
      capacityStatus: "Empty",
      noiseLevel: "Quiet",
      currentVibes: [],
      specialNotes: null,
      isOpen: true,
    });
    for (const ws of [wa, wb])
      expect(await ws.next((m) => m.type === "venue_update")).toMatchObject({ venueId: venue.id });

    expect(
      wb.messages.filter((m) =>
        ["friend_request", "post_liked", "post_commented", "friend_post"].includes(m.type as string),
      ),
    ).toEqual([]);
    wa.close();
    wb.close();
  });
});
