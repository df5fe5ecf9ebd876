import { useId, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { DEFAULT_DISTANCE_MILES, DISTANCE_OPTIONS_MILES, MATCH_SORTS } from "@shared/vocabulary";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { Button } from "@client/components/ui/button";
import { AreaNotice } from "@client/features/map/area-notice";
import { MatchesMap } from "@client/features/map/matches-map";
import { useAreaSearch } from "@client/features/map/use-area-search";
import { useViewMode } from "@client/features/map/use-view-mode";
import { ViewSwitch } from "@client/features/map/view-switch";
import { useAreaFetching, useMatchVenues } from "@client/features/venues/api/match-venues";
import { DistanceChips } from "@client/features/venues/components/distance-chips";
import { OpenNowChip } from "@client/features/venues/components/open-now-chip";
import { SearchField } from "@client/features/venues/components/search-field";
import { ShowMore } from "@client/features/venues/components/show-more";
import { VenueSheet } from "@client/features/venues/components/venue-sheet";
import { VenueGrid, VenueGridSkeleton } from "@client/features/venues/components/venue-grid";
import {
  AreaFetchingNotice,
  VenueListEmpty,
  VenueListError,
} from "@client/features/venues/components/venue-list-states";
import { VibePicker } from "@client/features/venues/components/vibe-picker";
import { useGeolocation } from "@client/features/venues/hooks/use-geolocation";
import { useVenueSheet } from "@client/features/venues/hooks/use-venue-sheet";
import { useVibeSelection } from "@client/features/venues/hooks/use-vibe-selection";
import { sortVenues, type SortOption } from "@client/features/venues/lib/sort-venues";
import { nearOf } from "@client/features/venues/lib/venue-link";
import { MAP_TEXT } from "@client/features/map/texts";
import { buildMatchParams } from "@client/features/venues/lib/venue-params";
import { useDebouncedValue } from "@client/hooks/use-debounced-value";
import { useEntryState } from "@client/lib/history-entry";
import { HomeHeader } from "./components/home-header";
import { LiveIndicator } from "./components/live-indicator";
import { SortToggle } from "./components/sort-toggle";
import { BEST_MATCH_TEXT } from "./texts";
import { SuggestionBubbles } from "./components/suggestion-bubbles";
import { useSuggestions } from "./use-suggestions";

const SEARCH_DELAY_MS = 300;

const isText = (v: unknown): v is string => typeof v === "string";
const isFlag = (v: unknown): v is boolean => typeof v === "boolean";
const isDistance = (v: unknown): v is number => (DISTANCE_OPTIONS_MILES as readonly unknown[]).includes(v);
const isSort = (v: unknown): v is SortOption => (MATCH_SORTS as readonly unknown[]).includes(v);

export function HomePage() {
  const geo = useGeolocation();
  const vibes = useVibeSelection({ persist: true });
  // kept in the history entry: Back and Forward return to the same search (issue 26)
  const [distance, setDistance] = useEntryState<number>("vibeHomeDistance", DEFAULT_DISTANCE_MILES, isDistance);
  const [searchText, setSearchText] = useEntryState("vibeHomeSearch", "", isText);
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [sort, setSort] = useEntryState<SortOption>("vibeHomeSort", "proximity", isSort);
  const [openNow, setOpenNow] = useEntryState("vibeHomeOpenNow", false, isFlag);
  const [suggestionsDismissed, setSuggestionsDismissed] = useState(false);
  const sheet = useVenueSheet();
  const [view, setView] = useViewMode();
  // "See what's around it" on a venue's page: the matches around that venue (`?near=`)
  const near = useNear();
  const area = useAreaSearch(geo, near.point);
  const vibeHeadingId = useId();
  const resultsHeadingId = useId();

  const showSuggestions = vibes.ready && !suggestionsDismissed && vibes.selected.length === 0;
  const params = buildMatchParams({
    coords: area.center,
    distanceMiles: distance,
    vibes: vibes.selected,
    search,
    openNow,
    sort,
  });
  const match = useMatchVenues(params, { enabled: vibes.ready });
  const fetchingArea = useAreaFetching(params, { enabled: vibes.ready });
  const suggestions = useSuggestions(geo, showSuggestions, !match.isPending);
  // issue 25: with a vibe chosen (not Top Rated, not a text search) the list is confirmed before
  // likely, open before unknown hours before closed, with a divider at each
  const byTime = vibes.selected.length > 0 && sort !== "rating" && !search;
  const venues = useMemo(
    () => area.withoutDistances(sortVenues(match.data ?? [], sort, { byTime })),
    [match.data, sort, byTime, area.withoutDistances],
  );
  const heading = search ? VENUE_TEXT.filteredMatches : VENUE_TEXT.nearbyMatches;
  // with vibes chosen and nothing matching, why (a vibe is never guessed): under the list's and the map's empty text
  const noKnownVibe = !search && vibes.selected.length > 0 ? VENUE_TEXT.noKnownVibe(vibes.selected, distance) : null;
  const showMore = (
    <ShowMore
      shown={venues.length}
      total={match.total ?? venues.length}
      hasMore={match.hasMore && !match.isPlaceholderData}
      loading={match.loadingMore}
      onMore={match.showMore}
    />
  );

  const toggleVibe = (vibe: string) => {
    // Spec 4: choosing vibes dismisses the suggestion bubbles.
    if (!vibes.selected.includes(vibe)) setSuggestionsDismissed(true);
    vibes.toggle(vibe);
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:py-6 md:px-8 md:py-8">
      <HomeHeader status={geo.status} indicators={<LiveIndicator />} />

      <section aria-labelledby={vibeHeadingId} className="flex flex-col gap-2 sm:gap-3">
        <h2 id={vibeHeadingId} className="text-base font-semibold sm:text-lg">
          {VENUE_TEXT.vibePickerTitle}
        </h2>
        <VibePicker selected={vibes.selected} onToggle={toggleVibe} onRemove={vibes.remove} compact more />
      </section>

      {/* Until a saved selection has loaded nobody knows whether the suggestions show, so the rest of
          the page appears at once when it has: content then only appears below, never moves (CLS). */}
      {vibes.ready ? (
        <>
          {showSuggestions && (
            <SuggestionBubbles
              suggestions={suggestions}
              onOpen={sheet.openVenue}
              onDismiss={() => setSuggestionsDismissed(true)}
            />
          )}

          <div className="flex flex-col gap-2 sm:gap-3">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
              <SearchField
                value={searchText}
                onChange={setSearchText}
                label={VENUE_TEXT.searchLabel}
                placeholder={VENUE_TEXT.searchPlaceholder}
                className="flex-1"
              />
              <SortToggle value={sort} onChange={setSort} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <DistanceChips value={distance} onChange={setDistance} />
              <OpenNowChip pressed={openNow} onChange={setOpenNow} />
            </div>
          </div>

          <section aria-labelledby={resultsHeadingId} className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
              <div className="flex items-baseline gap-3">
                <h2 id={resultsHeadingId} className="text-xl font-bold">
                  {heading}
                </h2>
                <p role="status" className="text-sm text-muted-foreground">
                  {match.total !== undefined ? VENUE_TEXT.venueCount(match.total) : ""}
                  {match.total !== undefined && match.confirmed !== null && match.confirmed < match.total
                    ? ` (${VENUE_TEXT.confirmedCount(match.confirmed, match.total)})`
                    : ""}
                </p>
              </div>
              <ViewSwitch value={view} onChange={setView} />
            </div>
            {area.active && (
              <AreaNotice
                located={geo.status === "located"}
                around={area.initial ? MAP_TEXT.aroundVenue : undefined}
                onBack={() => {
                  area.clear();
                  near.forget();
                }}
              />
            )}
            {/* the server ranks every rated venue of the radius first (sort=rating): when the first
                page has none, the whole list has none */}
            {sort === "rating" && venues.length > 0 && !match.isPlaceholderData && (
              <p className="-mt-2 text-sm text-muted-foreground">
                {venues.some((v) => typeof v.rating === "number")
                  ? VENUE_TEXT.ratingSortSomeRated
                  : VENUE_TEXT.ratingSortNoneRated(match.total ?? venues.length)}
              </p>
            )}
            {sort === "best" && venues.length > 0 && (
              <p className="-mt-2 text-sm text-muted-foreground">
                {vibes.selected.length ? BEST_MATCH_TEXT.note : BEST_MATCH_TEXT.noVibes}
              </p>
            )}
            {fetchingArea && <AreaFetchingNotice />}
            {match.isPending ? (
              <VenueGridSkeleton />
            ) : match.isError ? (
              <VenueListError error={match.error} onRetry={() => void match.refetch()} retrying={match.isFetching} />
            ) : view === "map" ? (
              // the map stays when nothing matches, so the person can move it and search another area
              <>
                <MatchesMap
                  venues={venues}
                  center={area.center}
                  position={area.position}
                  fitKey={JSON.stringify(params)}
                  busy={match.isPlaceholderData}
                  onOpen={sheet.openVenue}
                  onSearchArea={area.search}
                />
                {venues.length === 0 && !fetchingArea && (
                  <p className="text-center text-sm text-muted-foreground">
                    {search ? VENUE_TEXT.emptySearchTitle(search) : VENUE_TEXT.emptyTitle}
                    {noKnownVibe && ` ${noKnownVibe}`}
                  </p>
                )}
                {showMore}
              </>
            ) : venues.length === 0 && search ? (
              <VenueListEmpty
                title={VENUE_TEXT.emptySearchTitle(search)}
                body={vibes.selected.length ? VENUE_TEXT.emptySearchWithVibesBody : VENUE_TEXT.emptySearchBody}
              >
                <Button variant="outline" onClick={() => setSearchText("")}>
                  {VENUE_TEXT.clearSearch}
                </Button>
              </VenueListEmpty>
            ) : venues.length === 0 ? (
              fetchingArea ? (
                <VenueGridSkeleton />
              ) : (
                <VenueListEmpty title={VENUE_TEXT.emptyTitle} body={VENUE_TEXT.emptyBody}>
                  {noKnownVibe && <p className="max-w-md text-sm text-muted-foreground">{noKnownVibe}</p>}
                </VenueListEmpty>
              )
            ) : (
              <>
                <VenueGrid
                  venues={venues}
                  onOpen={sheet.openVenue}
                  label={heading}
                  busy={match.isPlaceholderData}
                  dividers={byTime}
                />
                {showMore}
              </>
            )}
          </section>
        </>
      ) : (
        <VenueGridSkeleton />
      )}

      <VenueSheet sheet={sheet} />
    </div>
  );
}

/** `?near=latitude,longitude`: where a venue's "See what's around it" asks Home to search; forgotten going back. */
function useNear() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const point = useMemo(() => nearOf(search), [search]);
  const forget = () => {
    const params = new URLSearchParams(search);
    params.delete("near");
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true, state: window.history.state });
  };
  return { point, forget };
}
