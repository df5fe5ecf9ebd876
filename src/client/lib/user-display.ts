import { AUTH_TEXT } from "@client/lib/texts";
import type { User } from "@shared/contracts/auth";

type NamedUser = Pick<User, "firstName" | "lastName" | "email" | "isGuest">;

/** Full name, else email; guests (and users with neither) are shown as "Guest". */
export function displayName(user: NamedUser | null | undefined): string {
  if (!user || user.isGuest) return AUTH_TEXT.guestName;
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return fullName || user.email?.trim() || AUTH_TEXT.guestName;
}

/** One capital letter for an avatar. */
export function initial(user: NamedUser | null | undefined): string {
  return displayName(user).charAt(0).toUpperCase();
}
