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
            className="h-11 rounded-xl"
          >
            <Icon aria-hidden="true" />
            {SORT_LABELS[option]}
          </ToggleChip>
        );
      })}
    </div>
  );
}
