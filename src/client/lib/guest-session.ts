import { AUTH_PATHS } from "@client/lib/api-paths";
import { TEXT } from "@shared/vocabulary";

/**
 * POST /api/auth/dev-login with no body; what the answer says is not used (spec 7), its body is only
 * drained, so the request finishes (api-call.ts, apiDo).
 */
export async function startGuestSession(): Promise<void> {
  let res: Response;
  try {
    res = await fetch(AUTH_PATHS.devLogin, { method: "POST", credentials: "include" });
  } catch (cause) {
    throw new Error(TEXT.guestThrown, { cause });
  }
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(TEXT.guestThrown);
}
