import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS, TEXT } from "@shared/vocabulary";
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS, LINGER_MS } from "../../src/server/http/connections";
import { startServer, type TestServer } from "../helpers/server";

// A JSON body over the limit (64 kB) was refused with 413 only about two times in three: the
// server answered at once and closed the connection while the client was still sending, so the
// client's next write failed (EPIPE, or a reset) and many clients report that instead of the
// answer. The server now reads and discards the rest of a refused body, bounded in bytes and
// time, before it answers and closes: the client always reads the 413 and its message.
//
// Loopback's buffers are big enough to take a 3 MB body whole, which hides the problem; a real
// link does not. So the client runs in a network namespace of its own, behind a veth pair shaped
// to 100 Mbit/s (root and iproute2 needed; skipped without them, but under CI, which installs
// iproute2 and runs as root (.ci/run), the file fails instead).
const NS = `vibe-drain-${process.pid}`;
const NET = `10.213.${process.pid % 250}`;
const HOST_IF = `vd${process.pid % 100000}h`;
const NS_IF = `vd${process.pid % 100000}n`;

const run = (args: string[]) => execFileSync("ip", args, { stdio: "pipe" });
const canMakeNamespaces = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    run(["netns", "add", `${NS}-probe`]);
    run(["netns", "del", `${NS}-probe`]);
    return spawnSync("tc", ["-V"]).status === 0;
  } catch {
    return false;
  }
})();

function setUpLink() {
  run(["netns", "add", NS]);
  run(["link", "add", HOST_IF, "type", "veth", "peer", "name", NS_IF]);
  run(["link", "set", NS_IF, "netns", NS]);
  run(["addr", "add", `${NET}.1/30`, "dev", HOST_IF]);
  run(["link", "set", HOST_IF, "up"]);
  run(["netns", "exec", NS, "ip", "addr", "add", `${NET}.2/30`, "dev", NS_IF]);
  run(["netns", "exec", NS, "ip", "link", "set", NS_IF, "up"]);
  run(["netns", "exec", NS, "ip", "link", "set", "lo", "up"]);
  // 100 Mbit/s each way (tbf; netem is not in every kernel): a 3 MB body takes ~250 ms to send
  const shape = ["root", "tbf", "rate", "100mbit", "burst", "64kb", "latency", "50ms"];
  execFileSync("tc", ["qdisc", "add", "dev", HOST_IF, ...shape]);
  run(["netns", "exec", NS, "tc", "qdisc", "add", "dev", NS_IF, ...shape]);
}
function tearDownLink() {
  try {
    run(["netns", "del", NS]); // takes the veth pair with it
  } catch {}
  try {
    run(["link", "del", HOST_IF]);
  } catch {}
}

/**
 * Runs the fetch client inside the namespace (asynchronously: the server answers from this
 * process); what each attempt got ("413": the answer with its message).
 */
async function postFromNamespace(url: string, bytes: number, times: number): Promise<string[]> {
  const client = fileURLToPath(new URL("../helpers/big-body-client.ts", import.meta.url));
  const { stdout } = await promisify(execFile)(
    "ip",
    [
      "netns",
      "exec",
      NS,
      process.execPath,
      "--import",
      "tsx",
      client,
      url,
      String(bytes),
      String(times),
      TEXT.bodyTooLarge,
    ],
    { encoding: "utf8", timeout: 120_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

it.runIf(!canMakeNamespaces && process.env.CI === "true")("CI can make network namespaces (root, ip, tc)", () => {
  throw new Error("CI=true but the drain tests cannot run: they need root and iproute2 (ip and tc)");
});

describe.skipIf(!canMakeNamespaces)("a body over the limit is always answered 413 with its message", () => {
  let server: TestServer;

  beforeAll(async () => {
    tearDownLink();
    setUpLink();
    server = await startServer("pglite", {}, {}, {}, { host: `${NET}.1` });
  });
  afterAll(async () => {
    await server?.close();
    tearDownLink();
  });

  it.each([
    ["3 MB", 3 * 1024 * 1024, 30],
    ["6 MB", 6 * 1024 * 1024, 10],
  ])("a %s body sent with fetch over a 100 Mbit/s link", async (_what, bytes: number, times: number) => {
    expect(bytes).toBeGreaterThan(LIMITS.bodyLimitBytes);
    const outcomes = await postFromNamespace(`${server.url}/auth/email/signup`, bytes, times);
    expect(outcomes.length).toBe(times);
    expect(
      outcomes.filter((o) => o !== "413"),
      outcomes.join(","),
    ).toEqual([]);
  });

  /**
   * Announces `declared` bytes and sends `send` of them as fast as it can, then waits; resolves
   * with the answer's status line, how long after the start it came, and when the server closed.
   */
  function announce(declared: number, send: number) {
    const { hostname, port, origin } = new URL(server.url);
    return new Promise<{ status: string; answeredMs: number; closedMs: number; sent: number }>((resolve) => {
      const start = performance.now();
      const socket = connect(Number(port), hostname);
      let status = "";
      let answeredMs = -1;
      let sent = 0;
      socket.on("data", (d) => {
        if (!status) [status, answeredMs] = [d.toString("latin1").split("\r\n")[0], performance.now() - start];
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve({ status, answeredMs, closedMs: performance.now() - start, sent }));
      socket.on("connect", async () => {
        socket.write(
          `POST /auth/email/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
        );
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        while (sent < send && !socket.destroyed && !status) {
          sent += chunk.length;
          if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r).once("close", r));
        }
      });
    });
  }

  it("the drain is bounded in time: a client that stops sending gets its 413 after at most DRAIN_MAX_MS", async () => {
    const r = await announce(1024 * 1024 * 1024, 256 * 1024);
    expect(r.status).toBe("HTTP/1.1 413 Payload Too Large");
    expect(r.answeredMs).toBeGreaterThan(DRAIN_MAX_MS - 200);
    expect(r.answeredMs).toBeLessThan(DRAIN_MAX_MS + 1500);
    // the answer, then the connection lingers LINGER_MS unread before it closes
    expect(r.closedMs).toBeLessThan(DRAIN_MAX_MS + LINGER_MS + 2000);
  });

  // It failed 2 runs in 3 (issue 29): closed at once while the client still sent, the connection was
  // reset, and the reset could reach the client before it read the 413 (5 in 30 times here). The
  // server now lingers after the answer (LINGER_MS, reading nothing); 20 times in a row, each time.
  it("the drain is bounded in bytes: past DRAIN_MAX_BYTES the 413 goes out and the connection closes", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await announce(1024 * 1024 * 1024, 1024 * 1024 * 1024);
      outcomes.push(r.status || "no answer");
      expect(r.sent).toBeGreaterThan(DRAIN_MAX_BYTES);
      expect(r.sent).toBeLessThan(DRAIN_MAX_BYTES * 2);
      expect(r.closedMs).toBeLessThan(DRAIN_MAX_MS);
    }
    expect(outcomes.filter((o) => o !== "HTTP/1.1 413 Payload Too Large")).toEqual([]);
  }, 60_000);
});
