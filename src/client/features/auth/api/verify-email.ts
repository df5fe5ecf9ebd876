import type { EmailVerified, VerifyEmailBody } from "@shared/contracts/auth";
import { apiCall } from "@client/lib/api-call";

/** Spends a verification link's token (with the prover's password when the preview asked for one). */
export async function verifyEmail(body: VerifyEmailBody): Promise<EmailVerified> {
  return apiCall("POST /auth/email/verify", { body });
}
