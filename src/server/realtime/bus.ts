import { EventEmitter } from "node:events";
import { Redis } from "ioredis";

export interface BusEvent {
  /** Who receives it: everyone connected, or one user. */
  to: "all" | { userId: string };
  message: { type: string; [key: string]: unknown };
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

const CHANNEL = "vibe:events";

/**
 * Redis pub/sub: one connection publishes, one subscribes. ioredis reconnects on its own and
 * re-subscribes on reconnect; while Redis is down publishing fails fast and HTTP keeps working.
 */
export async function createRedisBus(url: string, log: { warn: (o: object, m: string) => void }): Promise<EventBus> {
  const opts = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: (n: number) => Math.min(n * 200, 3000) };
  const pub = new Redis(url, opts);
  const sub = new Redis(url, { ...opts, autoResubscribe: true });
  for (const c of [pub, sub]) c.on("error", (err: Error) => log.warn({ err: err.message }, "redis bus error"));
  await Promise.all([pub.connect(), sub.connect()]);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  await sub.subscribe(CHANNEL);
  sub.on("message", (_channel: string, raw: string) => {
    try {
      emitter.emit("event", JSON.parse(raw) as BusEvent);
    } catch {
      /* a foreign message on our channel is not ours to deliver */
    }
  });
  return {
    kind: "redis",
    async publish(event) {
      await pub.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    available: () => pub.status === "ready" && sub.status === "ready",
    async close() {
      emitter.removeAllListeners();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
