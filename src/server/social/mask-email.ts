/** The mask of a part of an address that is not shown: always three dots, whatever its length. */
export const EMAIL_MASK = "•••";

/**
 * An email as a search result shows it to someone who did not type it and is not connected to
 * its owner: the first character of the local part, a mask, and the domain
 * (`sam@example.com` → `s•••@example.com`). The mask's length says nothing of the address's.
 */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at <= 0) return EMAIL_MASK;
  return `${[...email.slice(0, at)][0]}${EMAIL_MASK}${email.slice(at)}`;
}
