import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyServerFactory } from "fastify";
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
