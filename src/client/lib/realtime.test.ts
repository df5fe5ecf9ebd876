import { describe, expect, it } from "vitest";
import { connectRealtime, realtimeUrl } from "./realtime";

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((e?: { code: number }) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

function harness() {
  FakeSocket.all = [];
  let sessionEnded = 0;
  const timers: { fn: () => void; ms: number; id: number }[] = [];
  let next = 1;
  const statuses: boolean[] = [];
  const messages: unknown[] = [];
  const conn = connectRealtime({
    url: "ws://x/ws",
    userId: "u1",
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onSessionEnded: () => sessionEnded++,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    setTimer: (fn, ms) => {
      const id = next++;
      timers.push({ fn, ms, id });
      return id;
    },
    clearTimer: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  const fire = (ms: number) => {
    const t = timers.find((x) => x.ms === ms);
    if (!t) throw new Error(`no ${ms} ms timer`);
    timers.splice(timers.indexOf(t), 1);
    t.fn();
  };
  return { conn, timers, statuses, messages, fire, sessionEnded: () => sessionEnded };
}

describe("connectRealtime", () => {
  it("subscribes with the user id on open and pings every 30 s", () => {
    const h = harness();
    const ws = FakeSocket.all[0];
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify({ type: "subscribe", userId: "u1" })]);
    expect(h.statuses).toEqual([true]);
    h.fire(30_000);
    expect(ws.sent[1]).toBe(JSON.stringify({ type: "ping" }));
    expect(h.timers.some((t) => t.ms === 30_000)).toBe(true);
  });

  it("keeps JSON messages with a type and ignores anything else", () => {
    const h = harness();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.onmessage?.({ data: JSON.stringify({ type: "venue_update", venueId: 1 }) });
    ws.onmessage?.({ data: "not json" });
    ws.onmessage?.({ data: JSON.stringify({ nope: 1 }) });
    expect(h.messages).toEqual([{ type: "venue_update", venueId: 1 }]);
  });

  it("does not reconnect when the server closes the socket because the session ended (4001), and says so", () => {
    const h = harness();
    FakeSocket.all[0].open();
    FakeSocket.all[0].close(4001);
    expect(h.sessionEnded()).toBe(1);
    expect(h.timers.some((t) => t.ms === 3000)).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    expect(h.statuses).toEqual([true, false]);
  });

  it("reconnects 3 s after a close, at most 5 times in a row", () => {
    const h = harness();
    for (let i = 0; i < 5; i++) {
      FakeSocket.all[i].close();
      h.fire(3000);
    }
    expect(FakeSocket.all).toHaveLength(6);
    FakeSocket.all[5].close();
    expect(h.timers.filter((t) => t.ms === 3000)).toHaveLength(0);
  });

  it("starts counting again after a successful open, and stops for good on close()", () => {
    const h = harness();
    for (let i = 0; i < 4; i++) {
      FakeSocket.all[i].close();
      h.fire(3000);
    }
    FakeSocket.all[4].open();
    FakeSocket.all[4].close();
    h.fire(3000);
    expect(FakeSocket.all).toHaveLength(6);
    h.conn.close();
    expect(h.timers).toHaveLength(0);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it("builds the URL from the page's location", () => {
    expect(realtimeUrl({ protocol: "https:", host: "vibe.example" })).toBe("wss://vibe.example/ws");
    expect(realtimeUrl({ protocol: "http:", host: "localhost:5000" })).toBe("ws://localhost:5000/ws");
  });
});
