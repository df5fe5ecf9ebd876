import { MapPin, Star } from "lucide-react";
import { SORT_LABELS, SORT_OPTIONS, VENUE_TEXT } from "@shared/constants";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import type { SortOption } from "@client/features/venues/lib/sort-venues";

const ICONS = { proximity: MapPin, rating: Star } as const;

/** Spec 9: proximity (default, nearest first) or rating (highest first). */
export function SortToggle({ value, onChange }: { value: SortOption; onChange: (sort: SortOption) => void }) {
  return (
    <div role="group" aria-label={VENUE_TEXT.sortLabel} className="flex shrink-0 gap-2">
      {SORT_OPTIONS.map((option) => {
        const Icon = ICONS[option];
        return (
          <ToggleChip
            key={option}
            pressed={value === option}
            onClick={() => onChange(option)}
            title={SORT_LABELS[option]}
            className="h-11 rounded-xl px-3 sm:px-3.5"
          >
            <Icon aria-hidden="true" />
            {/* On a phone the icons stand for the labels (named for screen readers), beside the search. */}
            <span className="sr-only sm:not-sr-only">{SORT_LABELS[option]}</span>
          </ToggleChip>
        );
      })}
    </div>
  );
}
