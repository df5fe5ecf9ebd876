import http, { type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyServerFactory } from "fastify";
import type { Config } from "../config";

/** How often Node looks for requests past their time (its default, 30 s, let slow bodies linger). */
const CHECK_INTERVAL_MS = 1000;
/** Headers must arrive within this (or within the request timeout, if shorter). */
const HEADERS_TIMEOUT_MS = 10_000;
/** Idle keep-alive connections close after this: longer than a load balancer's usual 60 s idle timeout. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export interface ConnectionLimits {
  requestTimeoutMs: number;
  maxConnections: number;
  /** 0: no cap per address. */
  maxConnectionsPerAddress: number;
}

export const connectionLimits = (c: Config): ConnectionLimits => ({
  requestTimeoutMs: c.requestTimeoutMs,
  maxConnections: c.maxConnections,
  maxConnectionsPerAddress: c.maxConnectionsPerAddress,
});

/**
 * The HTTP server under Fastify, with limits on slow and greedy clients (docs/deploy.md,
 * "Connections"). Fastify's defaults set no request timeout, so a client sending a body one byte
 * every 2 s held its connection forever, and ~20,000 such sockets used up the process's file
 * descriptors until /api/health failed. Here:
 *
 * - a request's headers must arrive within HEADERS_TIMEOUT_MS and the whole request (body
 *   included) within REQUEST_TIMEOUT_MS, or Node answers 408 and closes; checked every second;
 * - an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS;
 * - at most MAX_CONNECTIONS are open at once (beyond it new ones are closed at once), and at most
 *   MAX_CONNECTIONS_PER_ADDRESS from one client address (IPv6 counted per address), so that one
 *   client cannot take them all. A websocket counts as the connection it came on.
 */
export function limitedServerFactory(limits: ConnectionLimits): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: Math.min(HEADERS_TIMEOUT_MS, limits.requestTimeoutMs),
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        connectionsCheckingInterval: CHECK_INTERVAL_MS,
      },
      handler,
    );
    server.maxConnections = limits.maxConnections;
    if (limits.maxConnectionsPerAddress > 0) {
      const open = new Map<string, number>();
      server.on("connection", (socket: Socket) => {
        const address = socket.remoteAddress ?? "";
        const n = (open.get(address) ?? 0) + 1;
        if (n > limits.maxConnectionsPerAddress) {
          socket.destroy();
          return;
        }
        open.set(address, n);
        socket.once("close", () => {
          const left = (open.get(address) ?? 1) - 1;
          if (left > 0) open.set(address, left);
          else open.delete(address);
        });
      });
    }
    return server;
  };
}

/** The most of a refused request body read and thrown away before the answer, and for how long. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
export const DRAIN_MAX_MS = 5_000;
/** Past those bounds: how long the connection stays open after the answer, reading nothing, before it closes. */
export const LINGER_MS = 1_000;

/**
 * Reads what is left of a request body and throws it away, until it ends or `maxBytes` or
 * `maxMs` is reached; true when it ended.
 */
function drainBody(raw: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off("data", onData).off("end", onEnd).off("error", onFail).off("close", onFail);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    raw.on("data", onData).on("end", onEnd).on("error", onFail).on("close", onFail);
    raw.resume();
  });
}

/**
 * Answers sent before a request's body was read (413 for a body over the limit, found from its
 * Content-Length; a refusal in onRequest such as 403 or 429) wait until the rest of the body has
 * arrived and been thrown away, at most DRAIN_MAX_BYTES and DRAIN_MAX_MS. Without it the server
 * answered and closed while the client was still sending: the client's next write failed
 * (EPIPE, or a reset) and most clients then report that instead of the answer (a 3 MB body over
 * a 100 Mbit/s link: 8 in 30 times; tests/api/body-limit-drain.test.ts).
 *
 * Past the bounds the answer goes out and the connection closes, lingering: closed at once with
 * the client's bytes still arriving, the kernel answers them with a reset, which can reach the
 * client before it has read the answer (issue 29: 5 in 30 times over loopback, 1 GB announced).
 * So the server stops reading, sends the answer and its FIN, and destroys the socket LINGER_MS
 * later: meanwhile the client, held back by TCP's window, reads the answer.
 */
export function drainUnreadBodies(
  app: FastifyInstance,
  maxBytes = DRAIN_MAX_BYTES,
  maxMs = DRAIN_MAX_MS,
  lingerMs = LINGER_MS,
) {
  app.addHook("onSend", async (req, reply, payload) => {
    const raw = req.raw;
    const hasBody = raw.headers["transfer-encoding"] !== undefined || Number(raw.headers["content-length"]) > 0;
    if (!hasBody || raw.complete || raw.readableEnded || raw.destroyed) return payload;
    if (!(await drainBody(raw, maxBytes, maxMs))) {
      reply.header("connection", "close");
      lingerOnClose(raw.socket, lingerMs);
    }
    return payload;
  });
}

/**
 * Node's HTTP server ends a `connection: close` answer with socket.destroySoon() (end, then
 * destroy once written); this socket's instead reads no more, ends, and is destroyed `ms` later.
 */
function lingerOnClose(socket: Socket, ms: number) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.pause();
    this.end();
    setTimeout(() => this.destroy(), ms).unref();
  };
}
