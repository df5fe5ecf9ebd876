/**
 * Client process of bench/ws-fanout.ts: holds the websocket clients in a process of their own,
 * so the harness's reading is not measured as server delay in the same event loop. Reads its
 * assignment from the parent over IPC; each socket's k-th venue_update is update k; arrival
 * times are absolute (performance.timeOrigin + now) so the parent can compare them.
 *
 * The clients are bare RFC 6455 clients on net.Socket (handshake, one masked subscribe frame,
 * then reading the server's unmasked frames) rather than the `ws` library: 5,000 clients share
 * this process and the servers' two cores, and a full client library per socket costs enough
 * CPU here that the queue in this process, not the servers, set the tail. Real clients are
 * 5,000 devices, each with its own CPU.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";

type Client = { base: string; token: string; userId: string };
const arrivals: number[][] = [];
const sockets: net.Socket[] = [];

/** A masked text frame (clients must mask), for small payloads. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error("bench frames are small");
  const mask = randomBytes(4);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ mask[i & 3];
  return out;
}

function connect({ base, token, userId }: Client): Promise<net.Socket> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    let pending: Buffer = Buffer.alloc(0);
    let upgraded = false;
    let k = 0;
    socket.on("error", reject);
    socket.on("connect", () =>
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n` +
          `Cookie: vibe_session=${token}\r\nOrigin: ${base}\r\n\r\n`,
      ),
    );
    socket.on("data", (chunk: Buffer) => {
      const now = performance.timeOrigin + performance.now();
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf("\r\n\r\n");
        if (end < 0) return;
        if (!pending.subarray(0, 12).toString().includes(" 101"))
          return reject(new Error(pending.subarray(0, end).toString()));
        upgraded = true;
        pending = pending.subarray(end + 4);
        socket.write(textFrame(JSON.stringify({ type: "subscribe", userId })));
        resolve(socket);
      }
      // server frames: FIN + opcode, unmasked length (7 bits, or 126 + 16 bits), payload
      while (pending.length >= 2) {
        let len = pending[1] & 0x7f;
        let head = 2;
        if (len === 126) {
          if (pending.length < 4) return;
          len = pending.readUInt16BE(2);
          head = 4;
        } else if (len === 127) throw new Error("unexpected large frame");
        if (pending.length < head + len) return;
        // {"type":"venue_update",... : byte 9 of the payload is the "v"
        if ((pending[0] & 0x0f) === 1 && pending[head + 9] === 0x76) (arrivals[k++] ??= []).push(now);
        pending = pending.subarray(head + len);
      }
    });
  });
}

process.on("message", async (m: { type: string; clients?: Client[] }) => {
  if (m.type === "connect") {
    const clients = m.clients!;
    for (let i = 0; i < clients.length; i += 250)
      sockets.push(...(await Promise.all(clients.slice(i, i + 250).map(connect))));
    process.send!({ type: "connected", count: sockets.length });
  } else if (m.type === "finish") {
    for (const s of sockets) s.destroy();
    process.send!({ type: "arrivals", arrivals }, () => process.exit(0));
  }
});
