import { SUGGESTION_HEADINGS } from "@client/features/home/texts";
import { suggestionBucket } from "@shared/vocabulary";

export type SuggestionKind = keyof typeof SUGGESTION_HEADINGS;

/** Spec 9: 'Personalized Picks' when the user has preferred vibes, else a heading for the hour. */
export function suggestionKind(hour: number, preferredVibes: readonly string[] | null | undefined): SuggestionKind {
  return preferredVibes && preferredVibes.length > 0 ? "personalized" : suggestionBucket(hour);
}

export function suggestionHeading(hour: number, preferredVibes: readonly string[] | null | undefined): string {
  return SUGGESTION_HEADINGS[suggestionKind(hour, preferredVibes)];
}
