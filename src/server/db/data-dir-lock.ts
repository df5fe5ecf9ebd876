import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database (PGlite) is one process's files: a second process opening the same folder
 * while a server runs corrupts it or fails with errors that say nothing useful. Whoever opens it
 * through openDatabase() holds `<dir>/vibe.lock` (its pid) until it closes; a second opener is told
 * plainly who holds it. A lock left by a process that no longer runs (a crash, kill -9) is taken over.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by a running VIBE process (pid ${pid}). ` +
        "Stop that server first and run this again, or use PostgreSQL (DATABASE_URL), " +
        "where servers and commands share the database.",
    );
    this.name = "DatabaseInUseError";
  }
}

const LOCK_FILE = "vibe.lock";

function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the folder's lock for this process; throws DatabaseInUseError when a live process holds it. Returns the
 * release.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (Number(readFileSync(file, "utf8").trim()) === process.pid) unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder = NaN;
      try {
        holder = Number(readFileSync(file, "utf8").trim());
      } catch {
        /* removed meanwhile: try again */
      }
      if (alive(holder)) throw new DatabaseInUseError(dir, holder);
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        /* someone else took it over first; the next attempt tells */
      }
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
