import { Clock } from "lucide-react";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";

/**
 * "Open now · closes 2 AM" / "Closed · opens 5 PM", as the server read the venue's opening hours
 * at the time of the answer (server/venues/hours.ts). A venue without known hours shows nothing.
 */
export function OpenStatusLine({ status, className }: { status: Venue["openStatus"]; className?: string }) {
  if (!status) return null;
  return (
    <p
      className={cn(
        "inline-flex items-center gap-1.5 text-sm font-medium",
        status.open ? "text-emerald-300" : "text-muted-foreground",
        className,
      )}
    >
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      {status.text}
    </p>
  );
}
