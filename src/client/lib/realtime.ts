import type { ClientMessage, ServerMessage } from "@shared/contracts/realtime";
import { WEBSOCKET } from "@shared/vocabulary";

/** A message of the server; its shape is the contract's (the server builds every one from it). */
export type RealtimeMessage = ServerMessage;

export interface RealtimeOptions {
  url: string;
  userId: string;
  onMessage: (message: RealtimeMessage) => void;
  onStatus: (open: boolean) => void;
  /** The server closed the socket because its session ended (signed out here or elsewhere): no reconnecting. */
  onSessionEnded?: () => void;
  /** For tests: the WebSocket implementation and timers. */
  WebSocketImpl?: typeof WebSocket;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/** The server's close code for a socket whose session ended (src/server/realtime/ws.ts). */
export const SESSION_ENDED_CLOSE = 4001;

/**
 * The realtime connection of spec 7 and 9: opens at once, subscribes with the user's id, pings
 * every 30 s, and after a close reconnects 3 s later, at most 5 times in a row (a successful open
 * starts the count again). `close()` ends it for good, and so does the server closing it because
 * the session ended (then `onSessionEnded`).
 */
export function connectRealtime(opts: RealtimeOptions): { close: () => void } {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let attempts = 0;
  let stopped = false;
  let ping: unknown = null;
  let retry: unknown = null;

  const schedulePing = () => {
    ping = setTimer(() => {
      if (socket?.readyState === 1) socket.send(JSON.stringify({ type: "ping" } satisfies ClientMessage));
      schedulePing();
    }, WEBSOCKET.pingMs);
  };

  const open = () => {
    if (stopped) return;
    const ws = new WS(opts.url);
    socket = ws;
    ws.onopen = () => {
      attempts = 0;
      ws.send(JSON.stringify({ type: "subscribe", userId: opts.userId } satisfies ClientMessage));
      schedulePing();
      opts.onStatus(true);
    };
    ws.onmessage = (event) => {
      try {
        const message = JSON.parse(String(event.data)) as RealtimeMessage;
        if (message && typeof message.type === "string") opts.onMessage(message);
      } catch {
        /* not ours to read */
      }
    };
    ws.onclose = (event?: { code?: number }) => {
      if (ping !== null) clearTimer(ping);
      ping = null;
      opts.onStatus(false);
      if (socket !== ws || stopped) return;
      if (event?.code === SESSION_ENDED_CLOSE) {
        stopped = true;
        opts.onSessionEnded?.();
        return;
      }
      if (attempts < WEBSOCKET.maxReconnectAttempts) {
        attempts++;
        retry = setTimer(open, WEBSOCKET.reconnectDelayMs);
      }
    };
  };

  open();
  return {
    close() {
      stopped = true;
      if (retry !== null) clearTimer(retry);
      if (ping !== null) clearTimer(ping);
      socket?.close();
    },
  };
}

/** ws(s)://<this host>/ws */
export const realtimeUrl = (location: { protocol: string; host: string }) =>
  `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
