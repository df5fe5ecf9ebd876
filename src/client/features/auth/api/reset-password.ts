import type { ResetPasswordBody, User } from "@shared/contracts/auth";
import { apiCall } from "@client/lib/api-call";

/** Sets a new password with a reset link's token; the server signs this browser in (the User). */
export async function resetPassword(body: ResetPasswordBody): Promise<User> {
  return apiCall("POST /auth/email/reset-password", { body });
}
