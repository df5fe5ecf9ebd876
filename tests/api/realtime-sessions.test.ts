import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { issueEmailToken } from "../../src/server/auth/email-tokens";
import { person as newPerson } from "../helpers/factories";
import { Agent, signUp } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets, type DbTarget } from "../helpers/targets";
import { openWs, type WsClient } from "../helpers/ws";

const SESSION_ENDED = 4001;

// Every database with the in-process bus, and with TEST_REDIS_URL the Redis bus as well.
const cases: Array<{ target: DbTarget; bus: "memory" | "redis" }> = [
  ...dbTargets().map((target) => ({ target, bus: "memory" as const })),
  ...(process.env.TEST_REDIS_URL ? [{ target: dbTargets().at(-1)!, bus: "redis" as const }] : []),
];

/** The close code and reason, once the server has closed the socket (or a clear failure after `ms`). */
const closedWithin = (ws: WsClient, ms = 10_000) =>
  new Promise<{ code: number; reason: string }>((resolve, reject) => {
    if (ws.socket.readyState === 3) return reject(new Error("already closed before we listened"));
    const timer = setTimeout(() => reject(new Error(`the socket was still open after ${ms} ms`)), ms);
    ws.socket.once("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
  });

// A websocket must not outlive its session (issue 14, finding 6): after a logout, an open /ws
// still delivered the person's events. Sockets now close (4001) when their session ends, however
// it ends, and a subscribe reads the session again.
describe.each(cases)("websockets end with their session on $target with the $bus bus", ({ target, bus }) => {
  let server: TestServer;
  let root: Agent;

  beforeAll(async () => {
    const redis: Record<string, string> =
      bus === "redis" ? { REDIS_URL: inject("redisUrl")!, REDIS_PREFIX: `test-${process.pid}-${Date.now()}` } : {};
    server = await startServer(target, {}, redis);
    root = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  const person = () => newPerson(server);
  async function subscribed(agent: Agent, userId: string) {
    const ws = await openWs(server.url, { cookie: agent.cookieHeader() });
    ws.send({ type: "subscribe", userId });
    await ws.next((m) => m.type === "subscribed");
    return ws;
  }

  it("logout closes the session's socket, and the person's events no longer reach it", async () => {
    const p = await person();
    const ws = await subscribed(p.agent, p.id);
    const other = await person();
    const cookie = p.agent.cookieHeader();
    const closing = closedWithin(ws);
    expect((await p.agent.get("/api/logout")).status).toBe(303);
    expect(await closing).toEqual({ code: SESSION_ENDED, reason: "Session ended" });
    // an event for them now (a friend request) reaches no socket of that session
    expect((await other.agent.post("/api/friends/request", { friendId: p.id })).status).toBe(201);
    expect(ws.messages.filter((m) => m.type === "friend_request")).toEqual([]);
    // and the old cookie cannot open another
    await expect(openWs(server.url, { cookie })).rejects.toMatchObject({ statusCode: 401 });
  });

  it("a logout on one device closes only that device's sockets", async () => {
    const p = await person();
    const phone = root.fresh();
    expect((await phone.post("/auth/email/login", { email: p.email, password: p.password })).status).toBe(200);
    const [onLaptop, onPhone] = [await subscribed(p.agent, p.id), await subscribed(phone, p.id)];
    const closing = closedWithin(onLaptop);
    await p.agent.get("/api/logout");
    expect((await closing).code).toBe(SESSION_ENDED);
    // the phone's socket stays, and still hears the person's events
    const friend = await person();
    await friend.agent.post("/api/friends/request", { friendId: p.id });
    expect(await onPhone.next((m) => m.type === "friend_request")).toMatchObject({ user: { id: friend.id } });
    onPhone.close();
  });

  it("sign out everywhere closes every device's sockets, and nobody else's", async () => {
    const p = await person();
    const phone = root.fresh();
    await phone.post("/auth/email/login", { email: p.email, password: p.password });
    const bystander = await person();
    const sockets = [await subscribed(p.agent, p.id), await subscribed(phone, p.id)];
    const theirs = await subscribed(bystander.agent, bystander.id);
    const closing = sockets.map((ws) => closedWithin(ws));
    expect((await phone.post("/api/auth/logout-everywhere")).status).toBe(200);
    for (const c of await Promise.all(closing)) expect(c.code).toBe(SESSION_ENDED);
    theirs.send({ type: "ping" });
    expect(await theirs.next((m) => m.type === "pong")).toBeTruthy();
    theirs.close();
  });

  it("a new password from a reset link closes the sockets of every earlier session", async () => {
    const p = await person();
    const ws = await subscribed(p.agent, p.id);
    const token = (await issueEmailToken(server.db, server.ctx.config.sessionSecret, p.id, p.email, "reset"))!;
    const closing = closedWithin(ws);
    const browser = root.fresh();
    expect((await browser.post("/auth/email/reset-password", { token, password: "a new password" })).status).toBe(200);
    expect((await closing).code).toBe(SESSION_ENDED);
    // the browser that set it is signed in and may open its own
    (await subscribed(browser, p.id)).close();
  });

  it("a socket closes when its session reaches its expiry, with no request made", async () => {
    const p = await person();
    const ws = await subscribed(p.agent, p.id);
    const closing = closedWithin(ws);
    await server.db.query("UPDATE sessions SET expires_at = now() + interval '1 second' WHERE user_id = $1", [p.id]);
    const { code } = await closing;
    expect(code).toBe(SESSION_ENDED);
  });
});

describe.each(dbTargets())("subscribe reads the session again on %s", (target) => {
  let server: TestServer;
  // Its own database: this test silences the change feed's sessions trigger for a moment.
  beforeAll(async () => void (server = await startServer(target, {}, {}, {}, { ownDatabase: true })));
  afterAll(async () => server?.close());

  it("a socket whose session ended unheard is closed when it subscribes, and hears nothing", async () => {
    const agent = new Agent(server.url);
    const user = await signUp(agent);
    const ws = await openWs(server.url, { cookie: agent.cookieHeader() });
    ws.send({ type: "ping" });
    await ws.next((m) => m.type === "pong");
    // the session ends without the database announcing it (as if the notification were lost)
    await server.db.exec("ALTER TABLE sessions DISABLE TRIGGER sessions_deleted");
    try {
      await server.db.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
    } finally {
      await server.db.exec("ALTER TABLE sessions ENABLE TRIGGER sessions_deleted");
    }
    const closing = closedWithin(ws);
    ws.send({ type: "subscribe", userId: user.id });
    expect((await closing).code).toBe(SESSION_ENDED);
    expect(ws.messages.filter((m) => m.type === "subscribed")).toEqual([]);
  });
});
