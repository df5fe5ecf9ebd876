import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { EventMessage } from "@shared/contracts/realtime";

export interface BusEvent {
  /** Who receives it: everyone connected, one user, or several (one event, however many). */
  to: "all" | { userId: string } | { userIds: readonly string[] };
  message: EventMessage;
}

/** Fans events out to every app instance's websocket clients. */
export interface EventBus {
  readonly kind: "memory" | "redis";
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** False while the bus cannot deliver across instances (Redis down). */
  available(): boolean;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(event) {
      emitter.emit("event", event);
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    available: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one connection publishes, one subscribes. ioredis reconnects by itself; the
 * subscriber subscribes again every time its connection becomes ready, so events flow again when
 * Redis comes back. While Redis is down, publishing fails at once (no offline queue), HTTP keeps
 * working, and `available()` says false. A Redis that is down at start does not stop the app.
 */
export async function createRedisBus(
  url: string,
  log: { warn: (o: object, m: string) => void },
  prefix = "vibe",
): Promise<EventBus> {
  const CHANNEL = `${prefix}:events`;
  const opts = {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    autoResubscribe: false,
    retryStrategy: (n: number) => Math.min(n * 200, 2000),
  };
  const pub = new Redis(url, opts);
  const sub = new Redis(url, opts);
  for (const c of [pub, sub]) c.on("error", (err: Error) => log.warn({ err: err.message }, "redis bus error"));
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let subscribed = false;
  sub.on("ready", () => {
    sub.subscribe(CHANNEL).then(
      () => (subscribed = true),
      (err: Error) => log.warn({ err: err.message }, "redis subscribe failed"),
    );
  });
  sub.on("close", () => (subscribed = false));
  sub.on("message", (_channel: string, raw: string) => {
    try {
      emitter.emit("event", JSON.parse(raw) as BusEvent);
    } catch {
      /* a foreign message on our channel is not ours to deliver */
    }
  });
  await Promise.all([pub.connect(), sub.connect()]).catch((err: Error) =>
    log.warn({ err: err.message }, "redis unavailable at start; will keep trying"),
  );
  // give the first subscription a moment so events published right after start are not missed
  for (let i = 0; i < 50 && sub.status === "ready" && !subscribed; i++) await new Promise((r) => setTimeout(r, 10));
  return {
    kind: "redis",
    async publish(event) {
      await pub.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    available: () => pub.status === "ready" && sub.status === "ready" && subscribed,
    async close() {
      emitter.removeAllListeners();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
