/**
 * A card-shaped placeholder with the card's own shape (a row on a phone), so the grid does not jump when data arrives.
 */
export function VenueCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-row overflow-hidden rounded-2xl border border-border bg-card sm:flex-col"
    >
      <div className="w-28 shrink-0 animate-pulse bg-muted sm:aspect-[16/10] sm:w-auto" />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:gap-3 sm:p-4">
        <div className="h-5 w-3/4 animate-pulse rounded-md bg-muted" />
        <div className="h-4 w-1/3 animate-pulse rounded-md bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded-md bg-muted" />
        <div className="flex gap-1.5">
          <div className="h-5 w-16 animate-pulse rounded-full bg-muted" />
          <div className="h-5 w-14 animate-pulse rounded-full bg-muted" />
        </div>
      </div>
    </div>
  );
}
