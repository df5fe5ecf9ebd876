import type { EmailVerified } from "@shared/contracts/auth";
import { apiCall } from "@client/lib/api-call";

/** Spends a verification link's token: the address it proved. */
export async function verifyEmail(token: string): Promise<EmailVerified> {
  return apiCall("POST /auth/email/verify", { body: { token } });
}
