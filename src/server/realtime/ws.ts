import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { ClientMessage, ServerMessage } from "@shared/contracts/realtime";
import { WEBSOCKET } from "@shared/vocabulary";
import { currentUser, type AppContext } from "../context";
import { isAllowedOrigin } from "../http/security";

const MAX_MESSAGE_BYTES = 4 * 1024;
/** Messages a socket may send per minute (the client pings every 30 s); one more closes it with 1008. */
export const MAX_MESSAGES_PER_MINUTE = 60;
/** Close code (RFC 6455 "policy violation") for a socket past its message limit or beyond a cap. */
export const POLICY_CLOSE = 1008;
const IDLE_CLOSE_MS = WEBSOCKET.pingMs * 3;
/** Close code when the socket's session ends (logout, sign out everywhere, a new password, expiry). */
export const SESSION_ENDED_CLOSE = 4001;
/** The longest a socket goes without its session being read again, when nothing is heard of it. */
const SESSION_RECHECK_MAX_MS = 6 * 60 * 60 * 1000;

interface Client {
  socket: WebSocket;
  /** Set once the socket subscribed to its person's events. */
  userId: string | null;
  /** The person whose session opened the socket, and that session's stored hash. */
  owner: string;
  session: string;
  /** The client address (X-Forwarded-For's when TRUST_PROXY says so). */
  address: string;
  recheck: ReturnType<typeof setTimeout> | null;
}

/**
 * The realtime endpoint /ws. The upgrade needs a session cookie (guest or registered) and this
 * site's Origin. Clients may `subscribe` with their own user id and `ping`; the server forwards
 * bus events addressed to everyone or to the subscribed person.
 */
export function realtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  const clients = new Set<Client>();
  const byOwner = new Map<string, Set<Client>>();
  // Open sockets per session and per client address, for the caps (WS_MAX_PER_SESSION, WS_MAX_PER_ADDRESS).
  const perSession = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const { wsMaxPerSession, wsMaxPerAddress } = ctx.config;
  const overCap = (session: string, address: string, extra: number) =>
    (perSession.get(session) ?? 0) + extra > wsMaxPerSession
      ? "Too many open connections for this session"
      : wsMaxPerAddress > 0 && (perAddress.get(address) ?? 0) + extra > wsMaxPerAddress
        ? "Too many open connections from this address"
        : null;
  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

  /**
   * Reads these sockets' sessions again: a socket whose session has ended is closed with 4001;
   * the others are read again when their session would expire (or idle out) at the latest.
   */
  const checkSessions = async (list: readonly Client[]) => {
    const open = list.filter((c) => c.socket.readyState <= 1);
    if (!open.length) return;
    const live = await ctx.sessions.live([...new Set(open.map((c) => c.session))]);
    for (const c of open) {
      const left = live.get(c.session);
      if (left === undefined) {
        c.socket.close(SESSION_ENDED_CLOSE, "Session ended");
        continue;
      }
      if (c.recheck) clearTimeout(c.recheck);
      c.recheck = setTimeout(
        () => void checkSessions([c]).catch((err) => app.log.warn({ err }, "rereading a websocket's session failed")),
        Math.min(Math.max(left, 0) + 1000, SESSION_RECHECK_MAX_MS),
      );
      c.recheck.unref();
    }
  };
  // A session ends on any instance: the database names its person (migration 008: a sessions row
  // deleted or updated announces users:<id>), and every instance rereads that person's sockets.
  const stopHearing = ctx.changes.on("users", (changed) => {
    const affected = changed === "*" ? [...clients] : changed.flatMap((id) => [...(byOwner.get(id) ?? [])]);
    return checkSessions(affected);
  });
  app.addHook("onClose", async () => stopHearing());

  // An event is encoded once and the same bytes go to every socket that should have it.
  const unsubscribe = ctx.bus.subscribe((event) => {
    const to = event.to;
    const wanted = to === "all" ? null : "userIds" in to ? new Set(to.userIds) : new Set([to.userId]);
    let data: Buffer | null = null;
    for (const c of clients) {
      if (c.socket.readyState !== 1) continue;
      if (wanted && !(c.userId && wanted.has(c.userId))) continue;
      data ??= Buffer.from(JSON.stringify(event.message));
      c.socket.send(data, { binary: false });
    }
  });
  app.addHook("onClose", async () => unsubscribe());

  app.route({
    method: "GET",
    url: "/ws",
    preValidation: async (req, reply) => {
      if (!isAllowedOrigin(ctx.config, req, true))
        return reply.status(403).send({ message: "Cross-site websocket refused" });
      if (!(await currentUser(ctx, req))) return reply.status(401).send({ message: "Sign in required" });
      // A session or address at its cap is refused before the upgrade (the count is checked again
      // once the socket is open, for upgrades that raced past this point together).
      const session = ctx.sessions.hashOf(req);
      const tooMany = session && overCap(session, req.ip, 1);
      if (tooMany) return reply.status(429).header("retry-after", "30").send({ message: tooMany });
    },
    // A plain GET (no Upgrade header) is told what this address is for, not an empty 404.
    handler: async (_req, reply) =>
      reply
        .status(426)
        .header("upgrade", "websocket")
        .send({ message: "This address only accepts websocket connections" }),
    wsHandler: async (socket, req) => {
      const user = await currentUser(ctx, req);
      const session = ctx.sessions.hashOf(req);
      if (!user || !session) return socket.close(SESSION_ENDED_CLOSE, "Session ended");
      if (socket.readyState !== 1) return; // gone while its session was read: nothing to count
      const address = req.ip;
      const tooMany = overCap(session, address, 1);
      if (tooMany) return socket.close(POLICY_CLOSE, tooMany);
      bump(perSession, session, 1);
      bump(perAddress, address, 1);
      const client: Client = { socket, userId: null, owner: user.id, session, address, recheck: null };
      clients.add(client);
      const owned = byOwner.get(user.id) ?? byOwner.set(user.id, new Set()).get(user.id)!;
      owned.add(client);
      // the session may have ended between the upgrade and now: read it once the socket is known
      void checkSessions([client]).catch((err) => app.log.warn({ err }, "reading a websocket's session failed"));
      let window = Date.now();
      let count = 0;
      let idle = setTimeout(() => socket.close(4000, "idle"), IDLE_CLOSE_MS);
      const reply = (msg: ServerMessage) => socket.readyState === 1 && socket.send(JSON.stringify(msg));
      socket.on("message", (raw: Buffer, isBinary: boolean) => {
        if (socket.readyState !== 1) return; // closing: what it still sends is not read
        clearTimeout(idle);
        idle = setTimeout(() => socket.close(4000, "idle"), IDLE_CLOSE_MS);
        if (Date.now() - window > 60_000) {
          window = Date.now();
          count = 0;
        }
        if (++count > MAX_MESSAGES_PER_MINUTE) return socket.close(POLICY_CLOSE, "Too many messages");
        if (isBinary || raw.length > MAX_MESSAGE_BYTES)
          return reply({ type: "error", message: "Messages must be small JSON text" });
        // read loosely: any other shape is answered with an error below, never trusted
        let msg: Partial<Record<keyof ClientMessage | "userId", unknown>> | null;
        try {
          msg = JSON.parse(raw.toString("utf8"));
        } catch {
          return reply({ type: "error", message: "Messages must be JSON" });
        }
        if (msg?.type === "ping") return reply({ type: "pong" });
        if (msg?.type === "subscribe") {
          if (msg.userId !== user.id)
            return reply({ type: "error", message: "You can only subscribe to your own updates" });
          // the session is read again before the person's events flow: an ended one closes the socket
          void ctx.sessions.live([session]).then(
            (live) => {
              if (!live.has(session)) return socket.close(SESSION_ENDED_CLOSE, "Session ended");
              client.userId = user.id;
              reply({ type: "subscribed", userId: user.id });
            },
            (err) => {
              app.log.warn({ err }, "reading a websocket's session failed");
              reply({ type: "error", message: "Could not subscribe; please try again" });
            },
          );
          return;
        }
        return reply({ type: "error", message: "Unknown message type" });
      });
      socket.on("close", () => {
        clearTimeout(idle);
        if (client.recheck) clearTimeout(client.recheck);
        if (clients.delete(client)) {
          bump(perSession, session, -1);
          bump(perAddress, address, -1);
        }
        owned.delete(client);
        if (!owned.size && byOwner.get(user.id) === owned) byOwner.delete(user.id);
      });
      socket.on("error", () => socket.terminate());
    },
  });
}
