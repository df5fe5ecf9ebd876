import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db";
import type { Db } from "../../src/server/db/client";

/** Runs `command` as the local user `nobody` (runuser, which needs root): its exit status and stderr. */
const asNobody = (...command: string[]) => {
  const res = spawnSync("runuser", ["-u", "nobody", "--", ...command], { encoding: "utf8" });
  return { status: res.status, stderr: res.stderr };
};

/**
 * Why the test cannot run here, or null: it reads the data folder as a second local user, which
 * takes root (to switch to `nobody` with runuser) and a `nobody` account.
 */
function noSecondUser(): string | null {
  if (process.platform !== "linux") return "reading as another user is tested on Linux (runuser)";
  if (process.getuid?.() !== 0) return "switching to the user nobody with runuser needs root";
  if (spawnSync("id", ["-u", "nobody"]).status !== 0) return "this machine has no user nobody";
  if (spawnSync("runuser", ["-u", "nobody", "--", "true"]).status !== 0) return "runuser cannot switch to nobody";
  return null;
}
const skipReason = noSecondUser();

/** Every file and folder under `dir`, with its permission bits. */
function modes(dir: string): { path: string; mode: number; isDir: boolean }[] {
  const out: { path: string; mode: number; isDir: boolean }[] = [];
  const walk = (path: string) => {
    const s = statSync(path);
    out.push({ path, mode: s.mode & 0o777, isDir: s.isDirectory() });
    if (s.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return out;
}

/** A WAL segment of the embedded database: emails and password hashes pass through it. */
const walSegment = (dataDir: string) => {
  const wal = join(dataDir, "pglite", "pg_wal");
  return join(wal, readdirSync(wal).find((f) => /^[0-9A-F]{24}$/.test(f))!);
};

// The embedded database was readable by every local user (issue 27, MEDIUM 1): DATA_DIR 0755 and
// PGlite's files 0666, so `nobody` read emails and argon2 hashes from a WAL segment. This is the
// embedded database's folder: PostgreSQL (DATABASE_URL) keeps nothing in DATA_DIR, so this runs on
// PGlite only.
// A new embedded database (initdb, every migration) on disk takes tens of seconds on a loaded machine.
describe.skipIf(skipReason !== null)(
  `DATA_DIR as another local user (${skipReason ?? "nobody"})`,
  { timeout: 240_000 },
  () => {
    let parent: string;
    let dataDir: string;
    const logged: string[] = [];
    const open = () =>
      openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED: "false" }), {
        log: (m) => logged.push(m),
      });

    beforeAll(() => {
      // a parent every user may pass through, as a home or /srv would be: DATA_DIR's own mode decides
      parent = mkdtempSync(join(tmpdir(), "vibe-data-dir-"));
      chmodSync(parent, 0o755);
      dataDir = join(parent, "data");
    });
    afterAll(() => rmSync(parent, { recursive: true, force: true }));

    it("a new data folder is 0700 and its files 0600: nobody cannot list it or read a WAL segment", async () => {
      const db: Db = await open();
      try {
        await db.query("INSERT INTO users (email, password_hash) VALUES ('secret@example.com', 'argon2-hash')");
      } finally {
        await db.close();
      }
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      const loose = modes(dataDir).filter((e) => e.mode & 0o077);
      expect(loose).toEqual([]);
      expect(statSync(join(dataDir, "session-secret")).mode & 0o777).toBe(0o600);
      const list = asNobody("ls", dataDir);
      expect(list.status).not.toBe(0);
      expect(list.stderr).toMatch(/Permission denied/);
      const read = asNobody("head", "-c", "64", walSegment(dataDir));
      expect(read.status).not.toBe(0);
      expect(read.stderr).toMatch(/Permission denied/);
      // nothing about a new folder is worth a line
      expect(logged).toEqual([]);
    });

    it("a folder left open to others (an older version, or by hand) is tightened at start, and said so", async () => {
      // as this folder was before: folders 0755 (0777 here), files 0666
      spawnSync("chmod", ["-R", "a+rwX", dataDir]);
      expect(asNobody("head", "-c", "64", walSegment(dataDir)).status).toBe(0); // the test can tell
      const before = modes(dataDir).length;
      const db = await open();
      await db.close();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(
        new RegExp(
          `^DATA_DIR ${dataDir} was readable by other users: \\d+ files and folders are now readable by this user only`,
        ),
      );
      expect(Number(/: (\d+) files/.exec(logged[0])![1])).toBeGreaterThanOrEqual(before);
      expect(modes(dataDir).filter((e) => e.mode & 0o077)).toEqual([]);
      expect(asNobody("head", "-c", "64", walSegment(dataDir)).status).not.toBe(0);
      expect(asNobody("head", "-c", "64", join(dataDir, "session-secret")).status).not.toBe(0);
    });

    it("files PGlite writes as it runs stay out of reach: the folder keeps others out, whatever the mode", async () => {
      const db = await open();
      try {
        for (let i = 0; i < 20; i++) await db.query(`CREATE TABLE runtime_${i} (x text)`);
        await db.query("INSERT INTO runtime_1 SELECT repeat('x', 200) FROM generate_series(1, 20000)");
        await db.query("CHECKPOINT");
        // whatever PGlite made readable meanwhile (it writes pg_internal.init 0644 itself) ...
        const readable = modes(dataDir).filter((e) => !e.isDir && e.mode & 0o004);
        // ... nobody reads it, nor any other file
        for (const file of [...readable.map((e) => e.path), walSegment(dataDir)])
          expect(asNobody("head", "-c", "64", file).status, file).not.toBe(0);
      } finally {
        await db.close();
      }
    });
  },
);
