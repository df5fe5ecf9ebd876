import { AUTH_PATHS } from "@shared/constants";
import type { ResetPasswordBody, User } from "@shared/contracts/auth";
import { apiRequest } from "@client/lib/query-client";

/** Sets a new password with a reset link's token; the server signs this browser in (the User). */
export async function resetPassword(body: ResetPasswordBody): Promise<User> {
  const res = await apiRequest("POST", AUTH_PATHS.resetPassword, body);
  return (await res.json()) as User;
}
