import { OAUTH_ERROR_TEXT } from "@shared/vocabulary";
import { SOCIAL_PROVIDERS } from "@client/lib/texts";

/**
 * The message for a social sign-in that came back to /login?error=<reason>&provider=<id>, or null.
 * Only known reasons and providers are shown: the query string is never echoed.
 */
export function oauthErrorMessage(search: string): string | null {
  const q = new URLSearchParams(search);
  const reason = q.get("error");
  const provider = SOCIAL_PROVIDERS.find((p) => p.id === q.get("provider"));
  if (!reason || !Object.hasOwn(OAUTH_ERROR_TEXT, reason)) return null;
  const text = OAUTH_ERROR_TEXT[reason as keyof typeof OAUTH_ERROR_TEXT];
  return text.replace("{provider}", provider?.label ?? "Social");
}
