import { MapPin, Sparkles, Star } from "lucide-react";
import { SORT_LABELS } from "@client/features/home/texts";
import { MATCH_SORTS } from "@shared/vocabulary";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import type { SortOption } from "@client/features/venues/lib/sort-venues";
import { BEST_MATCH_TEXT } from "../texts";

const ICONS = { proximity: MapPin, rating: Star, best: Sparkles } as const;
const LABELS = { ...SORT_LABELS, best: BEST_MATCH_TEXT.label } as const;

/** Spec 9: proximity (default, nearest first) or rating (highest first); and Best match (issue 16). */
export function SortToggle({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  return (
    <div role="group" aria-label={VENUE_TEXT.sortLabel} className="flex shrink-0 gap-1.5 sm:gap-2">
      {MATCH_SORTS.map((option) => {
        const Icon = ICONS[option];
        return (
          <ToggleChip
            key={option}
            pressed={value === option}
            onClick={() => onChange(option)}
            className="h-11 flex-1 rounded-xl px-2 sm:flex-none sm:px-3.5"
          >
            <Icon aria-hidden="true" />
            {/* Labelled on a phone too (a sparkle alone does not say "Best match"): the toggle has a row of its own
                there. */}
            <span>{LABELS[option]}</span>
          </ToggleChip>
        );
      })}
    </div>
  );
}
