import { AUTH_PATHS } from "@client/lib/api-paths";
import { TEXT } from "@shared/vocabulary";

/** POST /api/auth/dev-login with no body; the response body is not read (spec 7). */
export async function startGuestSession(): Promise<void> {
  let res: Response;
  try {
    res = await fetch(AUTH_PATHS.devLogin, { method: "POST", credentials: "include" });
  } catch (cause) {
    throw new Error(TEXT.guestThrown, { cause });
  }
  if (!res.ok) throw new Error(TEXT.guestThrown);
}
