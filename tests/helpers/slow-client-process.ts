/**
 * A process of slow clients for tests/api/slow-clients.test.ts (a process of its own, as an
 * attacker's would be, so its sockets do not share the test's event loop). Told { port, count,
 * perAddress, firstAddress } over IPC, it opens `count` connections spread over consecutive
 * loopback addresses (127.0.0.<firstAddress>, ...; `perAddress` each), starts a POST with a
 * 1,000-byte body on each and sends one byte every 2 s. It answers "open" once all are connected,
 * then, when every socket has closed (or on "report"), the time each lasted and its first line.
 */
import { connect, type Socket } from "node:net";

interface Slow {
  socket: Socket;
  openedAt: number;
  closedAt: number | null;
  got: string;
}

function slowClient(port: number, from: string): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    const c: Slow = { socket, openedAt: 0, closedAt: null, got: "" };
    let drip: NodeJS.Timeout | undefined;
    socket.on("data", (d) => (c.got += d));
    socket.on("error", () => {});
    socket.on("close", () => {
      c.closedAt = Date.now();
      clearInterval(drip);
      if (clients.length && clients.every((x) => x.closedAt !== null)) report();
    });
    socket.once("connect", () => {
      c.openedAt = Date.now();
      socket.write(
        `POST /api/posts HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
      );
      drip = setInterval(() => socket.write(" "), 2000);
      resolve(c);
    });
    socket.once("error", reject);
  });
}

const clients: Slow[] = [];
let reported = false;
function report() {
  if (reported) return;
  reported = true;
  process.send!({
    type: "report",
    results: clients.map((c) => ({
      lastedMs: c.closedAt === null ? null : c.closedAt - c.openedAt,
      firstLine: c.got.split("\r\n")[0],
    })),
  });
}

process.on(
  "message",
  async (m: { type: string; port?: number; count?: number; perAddress?: number; firstAddress?: number }) => {
    if (m.type === "open") {
      const opened: Slow[] = [];
      for (let i = 0; i < m.count!; i += 250) {
        const batch = Array.from({ length: Math.min(250, m.count! - i) }, (_, k) =>
          slowClient(m.port!, `127.0.0.${m.firstAddress! + Math.floor((i + k) / m.perAddress!)}`),
        );
        opened.push(...(await Promise.all(batch)));
      }
      clients.push(...opened);
      process.send!({ type: "open", count: clients.length });
      if (clients.every((x) => x.closedAt !== null)) report();
    } else if (m.type === "report") {
      report();
    } else if (m.type === "exit") {
      for (const c of clients) c.socket.destroy();
      process.exit(0);
    }
  },
);
