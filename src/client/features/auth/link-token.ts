import type { LinkRefusal } from "@shared/contracts/auth";

/**
 * The token of a link VIBE mailed (`/verify-email#token=…`, `/reset-password#token=…`): it travels
 * in the fragment, which browsers never send to a server. Read once, then taken out of the address
 * bar so it does not stay in the history or get copied along with the address.
 */
export function takeLinkToken(location: { hash: string }): string | null {
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token");
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

export function forgetLinkToken(): void {
  if (window.location.hash)
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}

/** Why the server refused a link (its 400 answer's `reason`), from an apiCall error; null otherwise. */
export function linkRefusal(error: unknown): LinkRefusal | null {
  if (!(error instanceof Error)) return null;
  const match = /^400: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const reason = (JSON.parse(match[1]) as { reason?: unknown }).reason;
    return reason === "invalid" || reason === "expired" || reason === "used" ? reason : null;
  } catch {
    return null;
  }
}
