import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { WEBSOCKET } from "@shared/constants";
import { currentUser, type AppContext } from "../context";
import { isAllowedOrigin } from "../http/security";

const MAX_MESSAGE_BYTES = 4 * 1024;
const MAX_MESSAGES_PER_MINUTE = 60;
const IDLE_CLOSE_MS = WEBSOCKET.pingMs * 3;

/**
 * The realtime endpoint /ws. The upgrade needs a session cookie (guest or registered) and this
 * site's Origin. Clients may `subscribe` with their own user id and `ping`; the server forwards
 * bus events addressed to everyone or to the subscribed person.
 */
export function realtimeRoutes(app: FastifyInstance, ctx: AppContext) {
  const clients = new Set<{ socket: WebSocket; userId: string | null }>();

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
    },
    // A plain GET (no Upgrade header) is told what this address is for, not an empty 404.
    handler: async (_req, reply) =>
      reply
        .status(426)
        .header("upgrade", "websocket")
        .send({ message: "This address only accepts websocket connections" }),
    wsHandler: async (socket, req) => {
      const user = await currentUser(ctx, req);
      const client = { socket, userId: null as string | null };
      clients.add(client);
      let window = Date.now();
      let count = 0;
      let idle = setTimeout(() => socket.close(4000, "idle"), IDLE_CLOSE_MS);
      const reply = (msg: object) => socket.readyState === 1 && socket.send(JSON.stringify(msg));
      socket.on("message", (raw: Buffer, isBinary: boolean) => {
        clearTimeout(idle);
        idle = setTimeout(() => socket.close(4000, "idle"), IDLE_CLOSE_MS);
        if (Date.now() - window > 60_000) {
          window = Date.now();
          count = 0;
        }
        if (++count > MAX_MESSAGES_PER_MINUTE) return reply({ type: "error", message: "Too many messages; slow down" });
        if (isBinary || raw.length > MAX_MESSAGE_BYTES)
          return reply({ type: "error", message: "Messages must be small JSON text" });
        let msg: { type?: unknown; userId?: unknown };
        try {
          msg = JSON.parse(raw.toString("utf8"));
        } catch {
          return reply({ type: "error", message: "Messages must be JSON" });
        }
        if (msg?.type === "ping") return reply({ type: "pong" });
        if (msg?.type === "subscribe") {
          if (msg.userId !== user?.id)
            return reply({ type: "error", message: "You can only subscribe to your own updates" });
          client.userId = user!.id;
          return reply({ type: "subscribed", userId: user!.id });
        }
        return reply({ type: "error", message: "Unknown message type" });
      });
      socket.on("close", () => {
        clearTimeout(idle);
        clients.delete(client);
      });
      socket.on("error", () => socket.terminate());
    },
  });
}
