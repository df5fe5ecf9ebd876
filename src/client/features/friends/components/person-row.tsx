import type { ReactNode } from "react";
import { InitialsAvatar } from "@client/components/ui/initials-avatar";
import { personInitials, personName, type PersonNameParts } from "@client/lib/person";

interface PersonRowProps {
  person: PersonNameParts & { profileImageUrl?: string | null };
  /** Under the email: vibes, a time. */
  extra?: ReactNode;
  /** Buttons on the right (they wrap below on narrow screens). */
  children?: ReactNode;
}

/** A person in a list: initials (or picture), full name, email, extras and actions. */
export function PersonRow({ person, extra, children }: PersonRowProps) {
  const name = personName(person);
  const email = person.email?.trim();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-border bg-card p-3 sm:p-4">
      <InitialsAvatar initials={personInitials(person)} imageUrl={person.profileImageUrl} className="size-11" />
      <div className="min-w-[9rem] flex-1">
        <p className="truncate font-semibold">{name}</p>
        {email && email !== name && <p className="truncate text-sm text-muted-foreground">{email}</p>}
        {extra}
      </div>
      {children && <div className="ml-auto flex shrink-0 gap-2">{children}</div>}
    </div>
  );
}
