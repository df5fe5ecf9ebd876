import { AUTH_PATHS } from "@shared/constants";
import type { EmailVerified } from "@shared/contracts/auth";
import { apiRequest } from "@client/lib/query-client";

/** Spends a verification link's token: the address it proved. */
export async function verifyEmail(token: string): Promise<EmailVerified> {
  const res = await apiRequest("POST", AUTH_PATHS.verifyEmail, { token });
  return (await res.json()) as EmailVerified;
}
