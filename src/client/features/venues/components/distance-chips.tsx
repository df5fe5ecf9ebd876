import { DISTANCE_OPTIONS_MILES } from "@shared/vocabulary";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import { cn } from "@client/lib/utils";

/** Distance chips in miles (spec 9: 5, 10, 25, 50, 100; the match call converts to km). */
export function DistanceChips({
  value,
  onChange,
  className,
}: {
  value: number;
  onChange: (miles: number) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={VENUE_TEXT.distanceLabel}
      className={cn("grid grid-cols-5 gap-2 sm:flex sm:flex-wrap", className)}
    >
      {DISTANCE_OPTIONS_MILES.map((miles) => (
        <ToggleChip key={miles} pressed={value === miles} onClick={() => onChange(miles)} className="px-2 sm:px-3.5">
          {miles} mi
        </ToggleChip>
      ))}
    </div>
  );
}
