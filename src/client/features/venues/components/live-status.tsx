import { useEffect, useState } from "react";
import type { LatestUpdate } from "@shared/contracts/venues";
import { formatAbsoluteTime, formatRelativeTime } from "@client/lib/relative-time";
import { cn } from "@client/lib/utils";

/** How fresh a venue's live status is ("Live · 5m ago"), kept current while it is on screen. */
export function LiveStatus({ update, className }: { update: LatestUpdate | null; className?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!update) return;
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [update]);
  if (!update) return null;
  return (
    <p className={cn("inline-flex items-center gap-1.5 text-xs text-pink-200", className)}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-pink-400" />
      <span>
        Live · updated{" "}
        <time dateTime={update.createdAt} title={formatAbsoluteTime(update.createdAt)}>
          {formatRelativeTime(update.createdAt, now)}
        </time>
      </span>
    </p>
  );
}
