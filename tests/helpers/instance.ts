import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** The production start command, exactly as package.json's `start:prod` script has it. */
export const PRODUCTION_START = JSON.parse(readFileSync("package.json", "utf8")).scripts["start:prod"] as string;

/**
 * PRODUCTION_START in parts: "NAME=value … command args" (the assignments become the environment,
 * the rest is spawned). The benchmarks start their instances with the same node flags.
 */
export function productionStart(): { assignments: Record<string, string>; command: string; args: string[] } {
  const words = PRODUCTION_START.split(/\s+/);
  const commandAt = words.findIndex((w) => !/^\w+=/.test(w));
  const assignments = Object.fromEntries(
    words.slice(0, commandAt).map((w) => [w.slice(0, w.indexOf("=")), w.slice(w.indexOf("=") + 1)]),
  );
  const [command, ...args] = words.slice(commandAt);
  return { assignments, command, args };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface Instance {
  url: string;
  child: ChildProcess;
  /** Everything the instance wrote to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts the app as a deployment would: the production start command in a process of its own
 * (node itself, no shell between, so signals reach it as an orchestrator's SIGTERM to PID 1), on a free
 * loopback port, with the given environment. Resolves once it says it is running.
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const { assignments, command, args } = productionStart();
  // the caller says which database and Redis to use: none are inherited from this shell
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(command, args, {
    env: { ...inherited, ...assignments, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start in 60 s:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes("VIBE is running")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`instance exited with ${code} before it was running:\n${out}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, child, output: () => out, exited };
}

/**
 * The release step of docs/deploy.md: `npm run migrate` with the given environment (which
 * database), as an operator runs it once before starting instances with MIGRATE_ON_START=false.
 * Resolves with its output; rejects when it fails.
 */
export function runMigrate(env: Record<string, string>): Promise<string> {
  return runScript("migrate", [], env).then(({ code, out }) =>
    code === 0 ? out : Promise.reject(new Error(`npm run migrate exited with ${code}:\n${out}`)),
  );
}

/**
 * `npm run admin -- <args>` (admin-cli.ts) with the given environment, `stdin` written to its
 * standard input (the password of `create`): the operator's way to make an admin. Resolves with
 * its exit code and output, whatever the code.
 */
export function runAdmin(
  env: Record<string, string>,
  args: string[],
  stdin = "",
): Promise<{ code: number | null; out: string }> {
  return runScript("admin", args, env, stdin);
}

function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    env: { ...inherited, LOG_LEVEL: "warn", ...env },
    stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  if (stdin !== undefined) child.stdin!.end(stdin);
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, out }));
  });
}
