import type { User } from "@shared/contracts/auth";

export interface PreferencesDraft {
  preferredVibes: string[];
  dietaryRestrictions: string[];
  budgetPreference: string | null;
  favoriteCategories: string[];
}

export function draftFromUser(user: Pick<User, keyof PreferencesDraft> | null): PreferencesDraft {
  return {
    preferredVibes: [...(user?.preferredVibes ?? [])],
    dietaryRestrictions: [...(user?.dietaryRestrictions ?? [])],
    budgetPreference: user?.budgetPreference ?? null,
    favoriteCategories: [...(user?.favoriteCategories ?? [])],
  };
}

/** Multi-choice chips: pressing adds or removes the item. */
export function toggleItem(list: readonly string[], item: string): string[] {
  return list.includes(item) ? list.filter((v) => v !== item) : [...list, item];
}

/** Budget is one choice: pressing another replaces it, pressing the chosen one clears it. */
export function toggleBudget(current: string | null, option: string): string | null {
  return current === option ? null : option;
}

/** Only options the server accepts are sent (an old value outside the lists is dropped). */
export function preferencesBody(
  draft: PreferencesDraft,
  lists: {
    vibes: readonly string[];
    dietary: readonly string[];
    budget: readonly string[];
    categories: readonly string[];
  },
): PreferencesDraft {
  const keep = (values: string[], allowed: readonly string[]) => values.filter((v) => allowed.includes(v));
  return {
    preferredVibes: keep(draft.preferredVibes, lists.vibes),
    dietaryRestrictions: keep(draft.dietaryRestrictions, lists.dietary),
    budgetPreference:
      draft.budgetPreference && lists.budget.includes(draft.budgetPreference) ? draft.budgetPreference : null,
    favoriteCategories: keep(draft.favoriteCategories, lists.categories),
  };
}
