import type { VenueStats } from "@shared/contracts/business";
import { Card } from "@client/components/ui/card";

/** The dashboard's figures: all measured on the server, each labelled with what it counts. */
export function VenueFigures({ stats }: { stats: VenueStats | undefined }) {
  const figures: [string, string, string][] = stats
    ? [
        ["Check-ins today", String(stats.checkInsToday), `${stats.checkInsThisWeek} this week`],
        ["Visitors today", String(stats.visitorsToday), `${stats.visitorsThisWeek} this week`],
        ["Search matches today", String(stats.searchMatchesToday), `${stats.searchMatchesThisWeek} this week`],
        ["Saved by", String(stats.saves), stats.saves === 1 ? "person" : "people"],
        [
          "Rating",
          stats.rating === null ? "—" : stats.rating.toFixed(1),
          stats.rating === null ? "No ratings from sources yet" : `${stats.reviewCount ?? 0} reviews`,
        ],
        ["Broadcasts", String(stats.broadcastsThisWeek), "this week"],
      ]
    : [];
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title" className="sr-only">
        Figures
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {stats
          ? figures.map(([label, value, sub]) => (
              <Card key={label} className="p-4">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-2xl font-bold">{value}</dd>
                <dd className="text-xs text-muted-foreground">{sub}</dd>
              </Card>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              <Card key={i} className="h-[92px] animate-pulse p-4" aria-hidden="true" />
            ))}
      </dl>
    </section>
  );
}
