/**
 * bench/production-flags.ts (issue 28): a bench that times the app in its own process runs it with
 * package.json start:prod's Node flags, as deployed (docs/deploy.md), or says it did not.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { missingFlags, nodeFlagsOf, productionNodeFlags } from "../../bench/production-flags";

const run = promisify(execFile);
const probe = new URL("./fixtures/flags-probe.ts", import.meta.url).pathname;
/** The probe through tsx, as a bench runs; its output and exit code. */
async function runProbe(env: Record<string, string>, code: number) {
  const { BENCH_SMOKE: _, NODE_OPTIONS: __, ...rest } = process.env;
  try {
    const { stdout } = await run("node", ["--import", "tsx", probe, String(code)], { env: { ...rest, ...env } });
    return { stdout, code: 0 };
  } catch (e) {
    const err = e as { stdout: string; code: number };
    return { stdout: err.stdout, code: err.code };
  }
}

describe("bench/production-flags.ts", () => {
  it("reads the flags between node and --import of start:prod, as docs/deploy.md gives them", () => {
    expect(nodeFlagsOf("NODE_ENV=production node --max-semi-space-size=64 --import tsx src/server/main.ts")).toEqual([
      "--max-semi-space-size=64",
    ]);
    expect(nodeFlagsOf("node --a=1 --b --import tsx x.ts")).toEqual(["--a=1", "--b"]);
    expect(nodeFlagsOf("node --import tsx x.ts")).toEqual([]);
    expect(() => nodeFlagsOf("tsx src/server/main.ts")).toThrow(/node <flags> --import/);
    const flags = productionNodeFlags();
    expect(flags).toContain("--max-semi-space-size=64");
    const deploy = readFileSync(new URL("../../docs/deploy.md", import.meta.url), "utf8");
    for (const f of flags) expect(deploy).toContain(f);
  });

  it("knows a flag given on the command line or in NODE_OPTIONS", () => {
    const flags = ["--max-semi-space-size=64"];
    expect(missingFlags(flags, [], "")).toEqual(flags);
    expect(missingFlags(flags, ["--max-semi-space-size=64"], "")).toEqual([]);
    expect(missingFlags(flags, [], "--max-old-space-size=4096 --max-semi-space-size=64")).toEqual([]);
    expect(missingFlags(flags, ["--max-semi-space-size=16"], "")).toEqual(flags);
  });

  it("runs the bench again with them, with its arguments, and exits with that run's code", async () => {
    const again = await runProbe({}, 3);
    expect(again.code).toBe(3);
    expect(again.stdout.trim()).toBe("NODE_OPTIONS=--max-semi-space-size=64 args=3");
    // already given: one run, as it is
    const given = await runProbe({ NODE_OPTIONS: "--max-semi-space-size=64" }, 0);
    expect(given).toEqual({ stdout: "NODE_OPTIONS=--max-semi-space-size=64 args=0\n", code: 0 });
    // Node's own defaults, asked for: not run again
    expect((await runProbe({ BENCH_NODE_FLAGS: "default" }, 0)).stdout).toBe("NODE_OPTIONS= args=0\n");
    expect((await runProbe({ BENCH_NODE_FLAGS: "fast" }, 0)).code).toBe(1);
  }, 60_000);
});
