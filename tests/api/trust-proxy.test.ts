import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOGIN_LIMITS } from "../../src/server/auth/login-limit";
import { Agent, signUp } from "../helpers/http";
import { openTestDb, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";
import type { Db } from "../../src/server/db/client";

/** Runs `npm start`'s entry with `env` until it exits: its exit code and what it wrote. */
function startAndExit(env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "silent", PORT: "5999", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    }),
  );
}

// TRUST_PROXY=true believed the left-most X-Forwarded-For, which the client writes: one client
// made 150 wrong guesses and 25 sign-ups by writing a new address each time (issue 27, MEDIUM 4).
describe.each(dbTargets())("TRUST_PROXY on %s", (target) => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "vibe-trust-proxy-"));
    db = await openTestDb(target);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await db?.close();
  });
  const database = (): Record<string, string> =>
    target === "postgres"
      ? { DATABASE_URL: inject("postgresUrl")!, SESSION_SECRET: "s".repeat(40) }
      : { DATABASE_URL: "", DATA_DIR: dir };

  it("true is refused at start with one line saying to give a hop count or the proxies' addresses", async () => {
    const res = await startAndExit({ TRUST_PROXY: "true", ...database() });
    expect(res.code).toBe(1);
    expect(res.out).not.toContain("VIBE is running");
    expect(res.err.trim().split("\n")).toEqual([
      "Invalid environment variable TRUST_PROXY: true is refused: it believes the left-most X-Forwarded-For " +
        "address, which any client writes; give the number of proxies in front (e.g. 1) or their addresses " +
        '(e.g. 10.0.0.5,10.1.0.0/16) (got "true")',
    ]);
  });

  describe.each([
    ["a hop count", "1"],
    ["the proxies' addresses", "10.9.9.9,127.0.0.0/8"],
  ])("with %s", (_what, trust) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(target, {}, { TRUST_PROXY: trust }, {}, { db });
    });
    afterAll(async () => server?.close());

    it("a client's own X-Forwarded-For entries are not its address: only the one its proxy added counts", async () => {
      const user = await signUp(new Agent(server.url));
      // this test is the proxy (127.0.0.1); the client is 198.51.100.7 and writes a new address before it each time
      const guess = (i: number) =>
        new Agent(server.url).post(
          "/auth/email/login",
          { email: user.email, password: `guess ${i}` },
          { "x-forwarded-for": `203.0.113.${i + 1}, 198.51.100.7` },
        );
      for (let i = 0; i < LOGIN_LIMITS.freeFailures; i++) expect((await guess(i)).status).toBe(401);
      // the sixth guess is the same client's: it waits, whatever it wrote
      expect((await guess(LOGIN_LIMITS.freeFailures)).status).toBe(429);
      const [{ addresses }] = await server.db.query<{ addresses: string[] }>(
        "SELECT array_agg(DISTINCT address) AS addresses FROM auth_failures WHERE email = $1",
        [user.email],
      );
      expect(addresses).toEqual(["198.51.100.7"]);
    });
  });
});
