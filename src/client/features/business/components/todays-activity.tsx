import { BUSINESS_TEXT } from "@client/features/business/texts";
import type { VenueStats } from "@shared/contracts/business";
import { Card } from "@client/components/ui/card";
import { formatRelativeTime } from "@client/lib/relative-time";

/** The latest check-ins at the venue, newest first. */
export function TodaysActivity({ stats }: { stats: VenueStats | undefined }) {
  const today = new Date().toDateString();
  const items = (stats?.recentCheckIns ?? []).filter((c) => new Date(c.createdAt).toDateString() === today);
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-semibold">{BUSINESS_TEXT.activityTitle}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{BUSINESS_TEXT.noActivity}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((c, i) => (
            <li key={`${c.createdAt}-${i}`} className="flex items-center justify-between gap-3 text-sm">
              <span>Check-in · {c.vibes.join(", ")}</span>
              <time dateTime={c.createdAt} className="text-muted-foreground">
                {formatRelativeTime(c.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
