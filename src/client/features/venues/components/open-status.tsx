import { Clock } from "lucide-react";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";
import { VENUE_TEXT } from "../texts";

/**
 * "Open now · closes 2 AM" / "Closed · opens 5 PM", as the server read the venue's opening hours
 * at the time of the answer (server/venues/hours.ts). A venue without known hours shows nothing.
 * When the owner's live update says the opposite (`liveOpen`), the line says it is the listed hours,
 * so "Closed · opens 3 PM" does not stand unexplained beside the owner's "Open now" (issue 26).
 */
export function OpenStatusLine({
  status,
  liveOpen = null,
  className,
}: {
  status: Venue["openStatus"];
  liveOpen?: boolean | null;
  className?: string;
}) {
  if (!status) return null;
  const disputed = liveOpen !== null && liveOpen !== status.open;
  return (
    <p
      className={cn(
        "inline-flex items-center gap-1.5 text-sm font-medium",
        status.open ? "text-emerald-300" : "text-muted-foreground",
        className,
      )}
    >
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      {disputed ? `${VENUE_TEXT.listedHours}: ${status.text}` : status.text}
    </p>
  );
}
