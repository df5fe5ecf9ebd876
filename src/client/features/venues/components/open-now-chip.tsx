import { Clock } from "lucide-react";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { ToggleChip } from "@client/components/ui/toggle-chip";

/** The "Open now" filter (Home, Explore): only venues whose opening hours say they are open. */
export function OpenNowChip({ pressed, onChange }: { pressed: boolean; onChange: (next: boolean) => void }) {
  return (
    <ToggleChip pressed={pressed} onClick={() => onChange(!pressed)}>
      <Clock aria-hidden="true" />
      {VENUE_TEXT.openNowFilter}
    </ToggleChip>
  );
}
