import { VENUE_TEXT } from "@client/features/venues/texts";
import { Button } from "@client/components/ui/button";

/**
 * Under a venue list that holds more than it shows: "Showing 100 of 1,234" and Show more, which
 * loads the next page of the same ranking from the server.
 */
export function ShowMore({
  shown,
  total,
  hasMore,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-2 py-2">
      <p className="text-sm text-muted-foreground">{VENUE_TEXT.shownOf(shown, total)}</p>
      <Button variant="outline" onClick={onMore} disabled={loading} aria-busy={loading || undefined}>
        {loading ? VENUE_TEXT.loadingMore : VENUE_TEXT.showMore}
      </Button>
    </div>
  );
}
