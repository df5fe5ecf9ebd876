import { PICKS_TEXT, SUGGESTION_HEADINGS } from "@client/features/home/texts";
import { suggestionBucket } from "@shared/vocabulary";

export type SuggestionKind = keyof typeof SUGGESTION_HEADINGS;

/** What a person said they like (Profile → My Preferences) that picks follow. */
export interface PickPreferences {
  preferredVibes?: readonly string[] | null;
  dietaryRestrictions?: readonly string[] | null;
}

export const hasPreferences = (p: PickPreferences | null | undefined) =>
  Boolean(p?.preferredVibes?.length || p?.dietaryRestrictions?.length);

/**
 * Spec 9: 'Personalized Picks' when the picks follow the user's preferences, else a heading for the
 * hour. `personal`: the server's word (x-suggestions) when it has answered; until then, whether the
 * user has preferences at all.
 */
export function suggestionKind(hour: number, personal: boolean): SuggestionKind {
  return personal ? "personalized" : suggestionBucket(hour);
}

export function suggestionHeading(hour: number, personal: boolean): string {
  return SUGGESTION_HEADINGS[suggestionKind(hour, personal)];
}

/**
 * Why the picks are the hour's although the person has preferences (issue 26): nothing nearby is
 * known to have their vibes or serve their diets. Null when there is nothing to explain.
 */
export function picksUnavailableNote(
  hour: number,
  prefs: PickPreferences | null | undefined,
  personal: boolean | null,
): string | null {
  if (personal !== false || !hasPreferences(prefs)) return null;
  return PICKS_TEXT.unavailable(
    prefs?.preferredVibes ?? [],
    prefs?.dietaryRestrictions ?? [],
    suggestionHeading(hour, false),
  );
}
