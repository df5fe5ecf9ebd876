/**
 * The header every bench prints first, so that every file in bench/results/ starts with when its
 * figures were measured, on which commit, with which settings and on how loaded a machine (issue 29:
 * a figure without them cannot be reproduced or told stale). Run a bench into its file:
 *
 *   npx tsx bench/feed.ts > bench/results/feed-comments.txt
 *
 * and the file starts with these lines; the bench's own lines follow, and the machine's load
 * average at the end closes it. tests/bench/results-header.test.ts checks every results file.
 */
import { execFileSync } from "node:child_process";
import os from "node:os";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { SMOKE, usedOptions } from "./smoke";

type Setting = string | number | boolean | null | undefined;

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`: a header may be committed. */
export function maskSecrets(value: string): string {
  return value.replace(/(\/\/[^:/@]+:)[^@/]+@/, "$1***@");
}

const git = (args: string[]) => {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
};

const loadText = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

/**
 * The header's lines: the bench's name, the date (UTC), the commit (and whether the tree had
 * uncommitted changes), its settings (every BENCH_* variable set, every option read through
 * smoke.ts's option()/listOption(), and `settings`), and the machine (cores, load average over 1, 5
 * and 15 minutes, Node). Every line starts with "# ".
 */
export function benchHeader(bench: string, settings: Record<string, Setting> = {}, now = new Date()): string[] {
  const commit = git(["rev-parse", "--short=10", "HEAD"]) || "unknown";
  const dirty = git(["status", "--porcelain", "--untracked-files=no"]) ? " with uncommitted changes" : "";
  const all: Record<string, Setting> = { BENCH_SMOKE: SMOKE ? 1 : undefined };
  for (const [name, value] of Object.entries(process.env)) if (name.startsWith("BENCH_")) all[name] = value;
  Object.assign(all, usedOptions(), settings);
  const shown = Object.entries(all)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}=${maskSecrets(String(v))}`);
  return [
    `# ${bench}`,
    `# date: ${now.toISOString().replace(/\.\d+Z$/, "Z")}`,
    `# commit: ${commit}${dirty}`,
    `# settings: ${shown.length ? shown.join(" ") : "(defaults)"}`,
    `# machine: ${os.cpus().length} cores, load average ${loadText()} (1 / 5 / 15 min) at the start, ` +
      `Node ${process.version}, ${os.platform()} ${os.release()}`,
  ];
}

/**
 * Prints the header for the bench at `moduleUrl` (import.meta.url), and the load average once more
 * when the process exits. Call it once the bench has read its options, before it measures.
 */
export function printHeader(moduleUrl: string, settings: Record<string, Setting> = {}): void {
  const name = `bench/${basename(fileURLToPath(moduleUrl))}`;
  console.log(benchHeader(name, settings).join("\n"));
  process.once("exit", () => console.log(`# load average at the end: ${loadText()} (1 / 5 / 15 min)`));
}
