import { LIMITS } from "@shared/vocabulary";

/** Spec 4: toggling adds or removes a vibe; adding is ignored when 5 are already selected. */
export function toggleVibe(selected: readonly string[], vibe: string, max: number = LIMITS.vibesMax): string[] {
  if (selected.includes(vibe)) return selected.filter((v) => v !== vibe);
  if (selected.length >= max) return [...selected];
  return [...selected, vibe];
}

export function removeVibe(selected: readonly string[], vibe: string): string[] {
  return selected.filter((v) => v !== vibe);
}

/** A saved selection as the picker takes it: unique, at most 5. */
export function normalizeVibes(vibes: readonly string[] | null | undefined, max: number = LIMITS.vibesMax): string[] {
  return [...new Set(vibes ?? [])].slice(0, max);
}

export interface SaveVibesBody {
  vibes: string[];
  isPrivate: boolean;
}

interface VibeSaver {
  email: string | null;
  isGuest: boolean;
  privacyShareVibes: boolean;
}

/** Spec 6: saving needs a signed-in user with an email (guests have none to save under). */
export function canSaveVibes(user: Pick<VibeSaver, "email" | "isGuest"> | null | undefined): boolean {
  return !!user?.email && !user.isGuest;
}

/** Spec 6: vibes are saved as private unless the person shares their vibes. */
export function saveVibesBody(vibes: readonly string[], user: Pick<VibeSaver, "privacyShareVibes">): SaveVibesBody {
  return { vibes: [...vibes], isPrivate: !user.privacyShareVibes };
}
