import type { User } from "@shared/contracts/auth";

type PreferenceFields = Pick<
  User,
  "preferredVibes" | "dietaryRestrictions" | "favoriteCategories" | "budgetPreference"
>;

export interface ProfileCounters {
  vibes: number;
  categories: number;
  /** Every preference item: vibes, dietary restrictions, categories and the budget when set. */
  total: number;
}

export function profileCounters(user: PreferenceFields): ProfileCounters {
  const vibes = user.preferredVibes?.length ?? 0;
  const categories = user.favoriteCategories?.length ?? 0;
  const dietary = user.dietaryRestrictions?.length ?? 0;
  const budget = user.budgetPreference?.trim() ? 1 : 0;
  return { vibes, categories, total: vibes + dietary + categories + budget };
}
