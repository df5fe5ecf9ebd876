import { CAPACITY_COLORS } from "@client/features/venues/texts";
import type { LatestUpdate } from "@shared/contracts/venues";

/** Spec 9's capacity colours as the map draws them (the same hues as the cards' capacity badge). */
export const MARKER_FILL = { green: "#34d399", yellow: "#fde047", red: "#ef4444" } as const;
/** A venue with no live capacity: neither green nor yellow nor red, so nothing is claimed about it. */
export const MARKER_NEUTRAL = "#cbd5e1";

/** The fill of a venue's marker: Empty green, Moderate yellow, Full red; neutral when no live capacity is known. */
export function markerColor(capacity: LatestUpdate["capacityStatus"] | undefined): string {
  return capacity ? MARKER_FILL[CAPACITY_COLORS[capacity]] : MARKER_NEUTRAL;
}
