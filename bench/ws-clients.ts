/**
 * Client process of bench/ws-fanout.ts: holds the websocket clients in a process of their own,
 * so the harness's reading is not measured as server delay in the same event loop. Reads its
 * assignment from the parent over IPC; each socket's k-th venue_update is update k; arrival
 * times are absolute (performance.timeOrigin + now) so the parent can compare them.
 */
import WebSocket from "ws";

type Client = { base: string; token: string; userId: string };
const arrivals: number[][] = [];
const sockets: WebSocket[] = [];

process.on("message", async (m: { type: string; clients?: Client[] }) => {
  if (m.type === "connect") {
    const clients = m.clients!;
    for (let i = 0; i < clients.length; i += 250) {
      await Promise.all(
        clients.slice(i, i + 250).map(
          ({ base, token, userId }) =>
            new Promise<void>((resolve, reject) => {
              const ws = new WebSocket(base.replace("http", "ws") + "/ws", { headers: { cookie: `vibe_session=${token}`, origin: base }, perMessageDeflate: false, skipUTF8Validation: true });
              let k = 0;
              ws.on("open", () => {
                ws.send(JSON.stringify({ type: "subscribe", userId }));
                resolve();
              });
              ws.on("error", reject);
              ws.on("message", (raw: Buffer) => {
                // {"type":"venue_update",... : byte 9 is the "v"
                if (raw[9] === 0x76) (arrivals[k++] ??= []).push(performance.timeOrigin + performance.now());
              });
              sockets.push(ws);
            }),
        ),
      );
    }
    process.send!({ type: "connected", count: sockets.length });
  } else if (m.type === "finish") {
    for (const ws of sockets) ws.terminate();
    process.send!({ type: "arrivals", arrivals }, () => process.exit(0));
  }
});
