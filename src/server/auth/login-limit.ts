import { TEXT } from "@shared/constants";
import type { Queryable } from "../db/client";
import { tooMany } from "../http/errors";

/** Failed sign-ins allowed per window before 429: per account, and per address (many accounts). */
export const LOGIN_LIMITS = { windowMinutes: 15, perEmail: 5, perIp: 30 } as const;

export async function assertLoginAllowed(db: Queryable, email: string, ip: string): Promise<void> {
  const rows = await db.query<{ kind: string; n: number }>(
    `SELECT kind, count(*)::int AS n FROM auth_failures
      WHERE ((kind = 'email' AND key = $1) OR (kind = 'ip' AND key = $2))
        AND created_at > now() - make_interval(mins => $3)
      GROUP BY kind`,
    [email, ip, LOGIN_LIMITS.windowMinutes],
  );
  const count = (kind: string) => rows.find((r) => r.kind === kind)?.n ?? 0;
  if (count("email") >= LOGIN_LIMITS.perEmail || count("ip") >= LOGIN_LIMITS.perIp) throw tooMany(TEXT.tooManyLogins);
}

export async function recordLoginFailure(db: Queryable, email: string, ip: string): Promise<void> {
  await db.query("INSERT INTO auth_failures (kind, key) VALUES ('email', $1), ('ip', $2)", [email, ip]);
  if (Math.random() < 0.02) await db.query("DELETE FROM auth_failures WHERE created_at < now() - interval '1 day'");
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM auth_failures WHERE kind = 'email' AND key = $1", [email]);
}
