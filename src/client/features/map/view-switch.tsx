import { List, Map as MapIcon } from "lucide-react";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import { MAP_TEXT } from "./texts";
import type { ViewMode } from "./use-view-mode";

let revealRequested = false;

/**
 * True once after the person chose Map with the switch (not on a page opened with ?view=map): the
 * map then scrolls itself whole into view above a phone's bottom bar, whose swipes would otherwise
 * pan the map instead of scrolling its hidden bottom (attribution, controls, markers) into sight.
 */
export function takeMapRevealRequest(): boolean {
  const requested = revealRequested;
  revealRequested = false;
  return requested;
}

/** The List | Map switch: two toggle buttons in a labelled group (aria-pressed says which is shown). */
export function ViewSwitch({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <div role="group" aria-label={MAP_TEXT.viewLabel} className="flex shrink-0 gap-1">
      <ToggleChip pressed={value === "list"} onClick={() => onChange("list")}>
        <List aria-hidden="true" />
        {MAP_TEXT.list}
      </ToggleChip>
      <ToggleChip
        pressed={value === "map"}
        onClick={() => {
          revealRequested = value !== "map";
          onChange("map");
        }}
      >
        <MapIcon aria-hidden="true" />
        {MAP_TEXT.map}
      </ToggleChip>
    </div>
  );
}
