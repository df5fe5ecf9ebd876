import { describe, expect, it, vi } from "vitest";
import { useUnitDb, uniqueEmail } from "../../../tests/helpers/unit-db";
import { dbTargets } from "../../../tests/helpers/targets";
import { verifyPassword } from "./passwords";
import { createAdmin, listAdmins, RoleCommandError, setGrantedRole } from "./roles";

/**
 * The operator's role commands (docs/sign-in.md, "Roles"), in process on each database. The values
 * come from the document: `create` makes an admin whose email is marked proven by the operator;
 * `grant` / `revoke` set the stored role; `list` shows every admin and why ("granted", or a proven
 * email listed in ADMIN_EMAILS; an unproven or legacy-proven one is not an admin). Mutation testing
 * (bench/results/mutation.txt, issue 29) found no unit test of roles.ts.
 */
// statements on a loaded, shared machine (and under Stryker's instrumentation) may take a while
vi.setConfig({ testTimeout: 30_000 });

describe.each(dbTargets())("roles on %s", (target) => {
  const db = useUnitDb(target);

  const user = async (email: string, proof: string | null = null) => {
    const [row] = await db.query<{ id: string }>(
      "INSERT INTO users (email, email_verified_at, email_proof) VALUES ($1, $2, $3) RETURNING id",
      [email, proof ? new Date() : null, proof],
    );
    return row.id;
  };

  it("create: a new admin account, its email trimmed and lower-cased, marked proven by the operator", async () => {
    const email = uniqueEmail("ops");
    const row = await createAdmin(db, `  ${email.toUpperCase()} `, "correct horse battery");
    expect(row.email).toBe(email);
    expect(row.role).toBe("admin");
    expect(row.email_proof).toBe("operator");
    expect(row.email_verified_at).not.toBeNull();
    expect(await verifyPassword(row.password_hash, "correct horse battery")).toBe(true);
    const [stored] = await db.query<{ role: string }>("SELECT role FROM users WHERE id = $1", [row.id]);
    expect(stored.role).toBe("admin");
  });

  it("create: refuses an email that already has an account, whatever its case, and says to grant", async () => {
    const email = uniqueEmail("taken");
    await user(email);
    const err = await createAdmin(db, email.toUpperCase(), "correct horse battery").catch((e) => e);
    expect(err).toBeInstanceOf(RoleCommandError);
    expect(err.message).toBe(
      `An account with ${email} already exists; give it the role with \`npm run admin -- grant ${email}\``,
    );
    const rows = await db.query("SELECT 1 FROM users WHERE lower(email) = $1", [email]);
    expect(rows).toHaveLength(1);
  });

  it("grant and revoke set the stored role, say whether it changed, and find the account in any case", async () => {
    const email = uniqueEmail("grant");
    const id = await user(email);
    const granted = await setGrantedRole(db, ` ${email.toUpperCase()}`, "admin");
    expect(granted).toMatchObject({ changed: true, user: { id, role: "admin" } });
    const [row] = await db.query<{ role: string }>("SELECT role FROM users WHERE id = $1", [id]);
    expect(row.role).toBe("admin");
    expect(await setGrantedRole(db, email, "admin")).toMatchObject({ changed: false, user: { id, role: "admin" } });
    expect(await setGrantedRole(db, email, "user")).toMatchObject({ changed: true, user: { id, role: "user" } });
    const [after] = await db.query<{ role: string }>("SELECT role FROM users WHERE id = $1", [id]);
    expect(after.role).toBe("user");
    expect(await setGrantedRole(db, email, "user")).toMatchObject({ changed: false });
  });

  it("grant answers null for an email no account has, and changes nothing", async () => {
    expect(await setGrantedRole(db, uniqueEmail("nobody"), "admin")).toBeNull();
  });

  it("list: granted admins and proven ADMIN_EMAILS, with why; never an unproven or legacy email", async () => {
    const granted = uniqueEmail("granted");
    const grantedId = await user(granted); // unverified: granted by an operator all the same
    await setGrantedRole(db, granted, "admin");
    const listed = uniqueEmail("listed");
    const listedId = await user(listed, "link");
    const unproven = uniqueEmail("unproven");
    await user(unproven);
    const legacy = uniqueEmail("legacy");
    await user(legacy, "legacy");
    const plain = uniqueEmail("plain");
    await user(plain, "link");
    const mine = new Set([granted, listed, unproven, legacy, plain]);
    // ADMIN_EMAILS as the config gives it (trimmed, lower-cased)
    const admins = (await listAdmins(db, [listed, unproven, legacy])).filter((a) => mine.has(a.email ?? ""));
    expect(admins).toEqual([
      { email: granted, id: grantedId, why: "granted", emailVerified: false },
      { email: listed, id: listedId, why: "ADMIN_EMAILS", emailVerified: true },
    ]);
  });
});
