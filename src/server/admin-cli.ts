/**
 * `npm run admin -- <command>`: the operator's way to give and take the admin role, as Mastodon's
 * `tootctl accounts modify --role` and Discourse's `rake admin:create` are (docs/sign-in.md, "Roles").
 *
 *   npm run admin -- create EMAIL   a new admin account (password read from standard input; email marked verified)
 *   npm run admin -- grant EMAIL    the admin role for an existing account
 *   npm run admin -- revoke EMAIL   takes the role back
 *   npm run admin -- list           who is an admin, and why
 *
 * It uses the configured database (DATABASE_URL, else the embedded one in DATA_DIR), migrating it
 * first, so `create` works on a fresh data folder before the first start. The embedded database
 * cannot be shared with a running server: the command then says so and changes nothing.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { signupBody } from "@shared/contracts/auth";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db";
import { DatabaseInUseError } from "./db/data-dir-lock";
import { createAdmin, listAdmins, RoleCommandError, setGrantedRole } from "./auth/roles";
import { effectiveRole } from "./auth/users";

const USAGE = `Usage: npm run admin -- <command>
  create EMAIL   create an admin account (password from standard input; the email is marked verified)
  grant EMAIL    give the admin role to an existing account
  revoke EMAIL   take the admin role back
  list           list the admins and why each is one`;

/** Reads the password: typed twice without echo on a terminal, else the first line of standard input. */
async function readPassword(email: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let data = "";
    for await (const chunk of process.stdin) data += chunk;
    return data.split(/\r?\n/)[0] ?? "";
  }
  const muted = new Writable({ write: (_c, _e, done) => done() });
  const ask = async (prompt: string) => {
    process.stdout.write(prompt);
    const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
    const answer = await new Promise<string>((resolve) => rl.question("", resolve));
    rl.close();
    process.stdout.write("\n");
    return answer;
  };
  const first = await ask(`Password for ${email}: `);
  const again = await ask("Again: ");
  if (first !== again) throw new RoleCommandError("The two passwords differ; nothing was changed");
  return first;
}

function checkedEmail(value: string | undefined): string {
  const res = signupBody.shape.email.safeParse(value ?? "");
  if (!res.success)
    throw new RoleCommandError(
      `${res.error.issues[0]?.message ?? "Invalid email address"}: ${JSON.stringify(value ?? "")}\n${USAGE}`,
    );
  return res.data;
}

async function run(args: string[]): Promise<void> {
  const [command, arg] = args;
  if (!command || !["create", "grant", "revoke", "list"].includes(command)) throw new RoleCommandError(USAGE);
  const email = command === "list" ? "" : checkedEmail(arg);
  // Commands sign nobody in: no session secret is needed, even with DATABASE_URL.
  const config = loadConfig(process.env, { sessionSecret: "" });
  const password = command === "create" ? await readPassword(email) : "";
  if (command === "create") {
    const res = signupBody.shape.password.safeParse(password);
    if (!res.success) throw new RoleCommandError(`${res.error.issues[0]?.message}; nothing was changed`);
  }
  const db = await openDatabase(config, { migrate: true, log: (message) => console.log(message) });
  const where = db.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL";
  try {
    if (command === "create") {
      const user = await createAdmin(db, email, password);
      console.log(`Created admin account ${user.email} (id ${user.id}) in ${where}; its email is marked verified.`);
    } else if (command === "grant" || command === "revoke") {
      const change = await setGrantedRole(db, email, command === "grant" ? "admin" : "user");
      if (!change)
        throw new RoleCommandError(
          "No account has the email " +
            `${email}${command === "grant" ? `; create one with \`npm run admin -- create ${email}\`` : ""}`,
        );
      const { user, changed } = change;
      if (command === "grant")
        console.log(
          changed
            ? `Granted the admin role to ${user.email} (id ${user.id}) in ${where}.`
            : `${user.email} already had the admin role; nothing changed.`,
        );
      else
        console.log(
          changed
            ? `Revoked the admin role of ${user.email} (id ${user.id}) in ${where}.`
            : `${user.email} had no granted admin role; nothing changed.`,
        );
      if (command === "revoke" && effectiveRole(user, config.adminEmails) === "admin") {
        console.log(
          `Note: ${user.email} is still an admin through ADMIN_EMAILS (a verified email listed there); ` +
            "remove it from ADMIN_EMAILS too.",
        );
      }
    } else {
      const admins = await listAdmins(db, config.adminEmails);
      if (!admins.length) console.log(`No admins in ${where}. Create one with \`npm run admin -- create EMAIL\`.`);
      for (const a of admins)
        console.log(
          `${a.email ?? "(no email)"}\t${a.why === "granted" ? "granted" : "ADMIN_EMAILS (verified email)"}` +
            `\tid ${a.id}`,
        );
    }
  } finally {
    await db.close();
  }
}

try {
  await run(process.argv.slice(2));
} catch (err) {
  if (err instanceof RoleCommandError || err instanceof ConfigError || err instanceof DatabaseInUseError) {
    console.error(err.message);
  } else {
    console.error(`The admin command failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exitCode = 1;
}
