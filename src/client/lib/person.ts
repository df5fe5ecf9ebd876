import { FEED_TEXT } from "@client/features/feed/texts";
import { VENUE_API } from "@client/lib/api-paths";

export interface PersonNameParts {
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
}

const clean = (s: string | null | undefined) => s?.trim() ?? "";

/** "First Last", else the email, else a neutral fallback (posts and comments carry no email). */
export function personName(person: PersonNameParts, fallback: string = FEED_TEXT.someone): string {
  const full = [clean(person.firstName), clean(person.lastName)].filter(Boolean).join(" ");
  return full || clean(person.email) || fallback;
}

/** Up to two capital letters for an avatar: the first and last names' initials, else the email's first letter. */
export function personInitials(person: PersonNameParts): string {
  const first = clean(person.firstName);
  const last = clean(person.lastName);
  const letters = first || last ? `${first.charAt(0)}${last.charAt(0)}` : clean(person.email).charAt(0);
  return (letters || "?").toUpperCase();
}

/**
 * The src for a profile picture. The CSP allows images from this origin only, so remote http(s)
 * pictures go through the server's image proxy; same-origin paths and data: images are used as
 * they are; anything else gives null and the initials are shown instead.
 */
export function avatarSrc(url: string | null | undefined): string | null {
  const u = url?.trim();
  if (!u) return null;
  if (/^https?:\/\//i.test(u)) return `${VENUE_API.proxyImage}?url=${encodeURIComponent(u)}`;
  if (u.startsWith("/") && !u.startsWith("//")) return u;
  if (/^data:image\//i.test(u)) return u;
  return null;
}
