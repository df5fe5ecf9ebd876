import { Heart } from "lucide-react";
import { PAGE_TITLES } from "@client/lib/texts";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { useFavorites } from "@client/features/venues/api/favorites";
import { VenueSheet } from "@client/features/venues/components/venue-sheet";
import { VenueGrid, VenueGridSkeleton } from "@client/features/venues/components/venue-grid";
import { VenueListEmpty, VenueListError } from "@client/features/venues/components/venue-list-states";
import { useGeolocation } from "@client/features/venues/hooks/use-geolocation";
import { useVenueSheet } from "@client/features/venues/hooks/use-venue-sheet";

export function SavedPage() {
  const geo = useGeolocation();
  // Distances only from a real position; the default point would make them up.
  const favorites = useFavorites(geo.status === "located" ? geo.coords : null);
  const sheet = useVenueSheet();
  const venues = favorites.data ?? [];

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{PAGE_TITLES.saved}</h1>
        <p role="status" className="text-sm text-muted-foreground">
          {favorites.data && venues.length > 0 ? `${venues.length} ${venues.length === 1 ? "venue" : "venues"}` : ""}
        </p>
      </div>
      {favorites.isPending ? (
        <VenueGridSkeleton count={3} />
      ) : favorites.isError ? (
        <VenueListError
          error={favorites.error}
          onRetry={() => void favorites.refetch()}
          retrying={favorites.isFetching}
        />
      ) : venues.length === 0 ? (
        <VenueListEmpty title={VENUE_TEXT.savedEmptyTitle} body={VENUE_TEXT.savedEmptyBody} icon={<Heart />} />
      ) : (
        <VenueGrid
          venues={venues}
          onOpen={sheet.openVenue}
          label={PAGE_TITLES.saved}
          busy={favorites.isPlaceholderData}
        />
      )}
      <VenueSheet sheet={sheet} />
    </div>
  );
}
