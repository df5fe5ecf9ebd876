/**
 * A bench that times the app in its own process runs it with the Node flags production starts it
 * with (package.json start:prod, docs/deploy.md: `--max-semi-space-size=64`), so that its figures
 * are the deployed app's and not those of Node's defaults. Issue 28: at 8 clients the default young
 * generation (16 MB) was collected every ~90 ms of a match-public load, each scavenge 1.5-5 ms on
 * these 2 cores, with every request in flight waiting; production's flag collects ~4x less often
 * (docs/discovery.md: its p95 moved within the machine's noise).
 *
 * `withProductionFlags()`: when this process lacks them, the bench runs again in a child process
 * that has them (NODE_OPTIONS, which Node allows this flag in), with the same arguments and output,
 * and this process exits with its code. BENCH_NODE_FLAGS=default runs with Node's defaults instead
 * (old beside new); a smoke run (BENCH_SMOKE) keeps its own process, as it times nothing.
 */
import { spawn } from "node:child_process";
import { PRODUCTION_START } from "../tests/helpers/instance";
import { SMOKE } from "./smoke";

/** The flags between `node` and `--import` in a start command (package.json's start:prod). */
export function nodeFlagsOf(command: string): string[] {
  const match = /(?:^|\s)node\s+(.*?)\s*--import\b/.exec(command);
  if (!match) throw new Error(`no "node <flags> --import" in the start command: ${command}`);
  return match[1].split(/\s+/).filter(Boolean);
}

/** The Node flags of package.json's start:prod. */
export const productionNodeFlags = (): string[] => nodeFlagsOf(PRODUCTION_START);

/** Production's flags that this process was not started with. */
export function missingFlags(
  flags: readonly string[],
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): string[] {
  const have = new Set([...execArgv, ...nodeOptions.split(/\s+/)]);
  return flags.filter((f) => !have.has(f));
}

/** The header's setting of the flags a bench ran with: start:prod's, or "default" (Node's own). */
export function nodeFlagsSetting(): string {
  const flags = productionNodeFlags();
  return missingFlags(flags).length ? "default" : flags.join(",");
}

/**
 * Runs the bench again under production's Node flags when this process lacks them, and exits with
 * that run's code; returns at once when it has them, under BENCH_NODE_FLAGS=default, or in a smoke run.
 */
export async function withProductionFlags(): Promise<void> {
  const choice = process.env.BENCH_NODE_FLAGS;
  if (choice !== undefined && choice !== "default" && choice !== "production")
    throw new Error("BENCH_NODE_FLAGS is production (start:prod's, the default) or default (Node's own)");
  if (choice === "default" || SMOKE) return;
  const missing = missingFlags(productionNodeFlags());
  if (!missing.length) return;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, ...missing].filter(Boolean).join(" ") },
  });
  const code = await new Promise<number>((resolve) =>
    child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}
