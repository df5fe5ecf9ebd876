import { CAPACITY_COLORS } from "@client/features/venues/texts";
import type { LatestUpdate } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";

const DOT: Record<(typeof CAPACITY_COLORS)[keyof typeof CAPACITY_COLORS], string> = {
  green: "bg-emerald-400",
  yellow: "bg-yellow-300",
  red: "bg-red-500",
};

/** Live capacity (spec 9: Empty green, Moderate yellow, Full red), with the word so colour is not the only cue. */
export function CapacityBadge({ status, className }: { status: LatestUpdate["capacityStatus"]; className?: string }) {
  if (!status) return null;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full bg-black/65 " +
          "px-2.5 py-1 text-xs font-medium text-white backdrop-blur-sm",
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", DOT[CAPACITY_COLORS[status]])} />
      <span className="sr-only">Capacity: </span>
      {status}
    </span>
  );
}
