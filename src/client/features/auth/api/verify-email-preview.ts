import type { VerifyPreview } from "@shared/contracts/auth";
import { apiCall } from "@client/lib/api-call";

/** What following a verification link will do (nothing is spent): its address, and whether a password is needed. */
export async function previewVerification(token: string): Promise<VerifyPreview> {
  return apiCall("POST /auth/email/verify/preview", { body: { token } });
}
