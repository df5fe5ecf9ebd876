import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * DATA_DIR holds the embedded database (emails, password hashes, sessions' hashes, in its WAL and
 * tables) and the generated session secret: only the user the server runs as may read or change
 * it (docs/deploy.md, "The embedded database"). Before, the folder was 0755 and PGlite's ~970 files
 * 0666: another local user read emails and argon2 hashes from a WAL segment and could write the
 * commit log.
 *
 * PGlite writes its files itself, through Emscripten's file system: `initdb`'s files are made
 * with an explicit chmod to 0666 and a few it writes later (its relation cache, `pg_internal.init`)
 * with 0644, whatever the process's umask, so a umask alone cannot keep them private. What does:
 * the folder itself is 0700 (nobody else can even list or open anything inside, whatever a file's
 * own mode), and every file of VIBE's in it is made 0600 (folders 0700) when the database opens.
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) readable by this user only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
}

/**
 * Makes `dataDir` 0700 and everything under `entries` (names inside it: the database folder, the
 * secret) 0700 for folders and 0600 for files, where they allow more; answers how many it changed.
 * Symbolic links are left alone (a chmod would follow them out of the folder). Only VIBE's own
 * entries are walked, so a DATA_DIR shared with other files does not have theirs changed.
 */
export function tightenDataDir(dataDir: string, entries: readonly string[]): number {
  makePrivateDir(dataDir);
  let changed = 0;
  const tighten = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return; // not there (yet), or gone meanwhile
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      chmodSync(path, stat.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE);
      changed++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
  };
  const top = lstatSync(dataDir);
  if (top.mode & 0o077) {
    chmodSync(dataDir, DATA_DIR_MODE);
    changed++;
  }
  for (const name of entries) tighten(join(dataDir, name));
  return changed;
}
