import WebSocket from "ws";

export interface WsClient {
  socket: WebSocket;
  messages: Array<Record<string, unknown>>;
  /** Resolves with the first (already received or future) message that matches. */
  next(test: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  send(data: unknown): void;
  close(): void;
}

/**
 * Opens a websocket to `base`/ws as a browser would: with a cookie and this site's Origin (from
 * `localAddress`, another loopback address such as 127.0.0.2, when given).
 */
export function openWs(
  base: string,
  opts: { cookie?: string; origin?: string | null; localAddress?: string } = {},
): Promise<WsClient> {
  const url = base.replace(/^http/, "ws") + "/ws";
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const origin = opts.origin === undefined ? base : opts.origin;
  if (origin) headers.origin = origin;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, ...(opts.localAddress ? { localAddress: opts.localAddress } : {}) });
    const messages: Array<Record<string, unknown>> = [];
    const waiters: Array<{
      test: (m: Record<string, unknown>) => boolean;
      resolve: (m: Record<string, unknown>) => void;
    }> = [];
    socket.on("message", (raw) => {
      const m = JSON.parse(raw.toString());
      messages.push(m);
      for (const w of [...waiters])
        if (w.test(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
    });
    socket.on("unexpected-response", (_req, res) =>
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { statusCode: res.statusCode })),
    );
    socket.on("error", reject);
    socket.on("open", () =>
      resolve({
        socket,
        messages,
        next(test, timeoutMs = 5000) {
          const found = messages.find(test);
          if (found) return Promise.resolve(found);
          return new Promise((res, rej) => {
            const timer = setTimeout(
              () => rej(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
              timeoutMs,
            );
            waiters.push({ test, resolve: (m) => (clearTimeout(timer), res(m)) });
          });
        },
        send(data) {
          socket.send(typeof data === "string" || Buffer.isBuffer(data) ? data : JSON.stringify(data));
        },
        close() {
          socket.close();
        },
      }),
    );
  });
}

export const closed = (c: WsClient) =>
  new Promise<number>((resolve) =>
    c.socket.readyState === WebSocket.CLOSED ? resolve(-1) : c.socket.once("close", (code) => resolve(code)),
  );
