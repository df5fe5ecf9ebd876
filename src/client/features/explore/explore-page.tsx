import { useId, useMemo, useState } from "react";
import { CATEGORY_CHIPS, DISCOVER_TEXT } from "@client/features/explore/texts";
import { DEFAULT_DISTANCE_MILES } from "@shared/vocabulary";
import { PAGE_TITLES } from "@client/lib/texts";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { NaturalLanguageResult } from "@shared/contracts/discover";
import { ToggleChip } from "@client/components/ui/toggle-chip";
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
import { buildMatchParams } from "@client/features/venues/lib/venue-params";
import { NaturalLanguageSearch } from "./components/natural-language-search";
import { filterVenues } from "./filter-venues";

type CategoryValue = (typeof CATEGORY_CHIPS)[number]["value"];

export function ExplorePage() {
  const geo = useGeolocation();
  // Explore browses: it starts from every vibe and does not save its picks (Home does).
  const vibes = useVibeSelection({ persist: false });
  const [distance, setDistance] = useState<number>(DEFAULT_DISTANCE_MILES);
  const [category, setCategory] = useState<CategoryValue>("all");
  const [filter, setFilter] = useState("");
  const [openNow, setOpenNow] = useState(false);
  const sheet = useVenueSheet();
  const [view, setView] = useViewMode();
  const area = useAreaSearch(geo);
  const resultsHeadingId = useId();
  // Spec 4: while a natural-language result is held, its venues replace the match call's list.
  const [aiResult, setAiResult] = useState<NaturalLanguageResult | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const showResult = (result: NaturalLanguageResult | null) => {
    setAiResult(result);
    setPickerOpen(false);
  };

  const params = buildMatchParams({
    coords: area.center,
    distanceMiles: distance,
    vibes: vibes.selected,
    category,
    openNow,
  });
  const match = useMatchVenues(params);
  const fetchingArea = useAreaFetching(params) && !aiResult;
  const { withoutDistances } = area;
  const venues = useMemo(() => {
    if (!aiResult) return withoutDistances(filterVenues(match.data ?? [], filter));
    // The match call filters by category on the server; the AI list is filtered here the same way.
    const inCategory = category === "all" ? aiResult.venues : aiResult.venues.filter((v) => v.category === category);
    const open = openNow ? inCategory.filter((v) => v.openStatus?.open === true) : inCategory;
    return filterVenues(open, filter);
  }, [aiResult, match.data, filter, category, openNow, withoutDistances]);
  // "Search this area" asks the match call around the map's centre: a held AI result gives way to it.
  const searchArea = (center: { latitude: number; longitude: number }) => {
    setAiResult(null);
    area.search(center);
  };
  const hasList = aiResult !== null || match.data !== undefined;
  // The whole ranking's size while the list is the match call's, unfiltered; else what is listed.
  const count = !aiResult && !filter.trim() && match.total !== undefined ? match.total : venues.length;
  // Spec 4's "Total Venues" names the match call's list. An AI search's venues are not that total
  // (they showed their own count under it): while they are listed, the heading says what they are.
  const listHeading = aiResult ? DISCOVER_TEXT.resultsHeading : VENUE_TEXT.totalVenues;
  // an AI result is all there is; the match is paged
  const showMore = !aiResult && (
    <ShowMore
      shown={match.data?.length ?? 0}
      total={match.total ?? 0}
      hasMore={match.hasMore && !match.isPlaceholderData}
      loading={match.loadingMore}
      onMore={match.showMore}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
      <h1 className="text-3xl font-bold tracking-tight">{PAGE_TITLES.explore}</h1>

      <NaturalLanguageSearch coords={geo.coords} radiusMiles={distance} result={aiResult} onResult={showResult} />

      <div className="flex flex-col gap-4">
        {/* While an AI result is shown the picker is paused: folded to one line, so the result and
            its venues are what the screen shows (issue 17: they sat 700 to 1,500 px down). */}
        <div className="flex flex-col gap-2">
          {aiResult && (
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <p className="text-xs text-muted-foreground">{DISCOVER_TEXT.pickerPaused}</p>
              {!pickerOpen && (
                <Button variant="ghost" size="sm" aria-expanded={false} onClick={() => setPickerOpen(true)}>
                  {DISCOVER_TEXT.showPicker}
                </Button>
              )}
            </div>
          )}
          {(!aiResult || pickerOpen) && (
            <VibePicker
              selected={vibes.selected}
              onToggle={vibes.toggle}
              onRemove={vibes.remove}
              disabled={aiResult !== null}
            />
          )}
        </div>
        <DistanceChips value={distance} onChange={setDistance} />
        <SearchField
          value={filter}
          onChange={setFilter}
          label={VENUE_TEXT.filterLabel}
          placeholder={VENUE_TEXT.filterPlaceholder}
        />
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label={VENUE_TEXT.categoryLabel} className="flex flex-wrap gap-2">
            {CATEGORY_CHIPS.map((chip) => (
              <ToggleChip key={chip.value} pressed={category === chip.value} onClick={() => setCategory(chip.value)}>
                {chip.label}
              </ToggleChip>
            ))}
          </div>
          <OpenNowChip pressed={openNow} onChange={setOpenNow} />
        </div>
      </div>

      <section aria-labelledby={resultsHeadingId} className="flex flex-col gap-4">
        {/* the count beside its heading, the switch at the end: one line on a phone too (wraps whole, never
            mid-heading) */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex items-center gap-2">
            <h2
              id={resultsHeadingId}
              className="text-sm font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase"
            >
              {listHeading}
            </h2>
            <p role="status" className="rounded-full bg-secondary px-3 py-1 text-sm font-bold tabular-nums">
              <span className="sr-only">{listHeading}: </span>
              {hasList ? VENUE_TEXT.total(count) : "–"}
            </p>
          </div>
          <ViewSwitch value={view} onChange={setView} />
        </div>
        {area.active && !aiResult && <AreaNotice located={geo.status === "located"} onBack={area.clear} />}
        {fetchingArea && <AreaFetchingNotice />}
        {!aiResult && match.isPending ? (
          <VenueGridSkeleton />
        ) : !aiResult && match.isError ? (
          <VenueListError error={match.error} onRetry={() => void match.refetch()} retrying={match.isFetching} />
        ) : view === "map" ? (
          // the map stays when nothing matches, so the person can move it and search another area
          <>
            <MatchesMap
              venues={venues}
              center={area.center}
              position={area.position}
              fitKey={JSON.stringify([params, filter.trim(), aiResult ? venues.map((v) => v.id) : null])}
              busy={!aiResult && match.isPlaceholderData}
              onOpen={sheet.openVenue}
              onSearchArea={searchArea}
            />
            {venues.length === 0 && !fetchingArea && (
              <p className="text-center text-sm text-muted-foreground">{VENUE_TEXT.exploreEmpty}</p>
            )}
            {showMore}
          </>
        ) : venues.length === 0 && fetchingArea ? (
          <VenueGridSkeleton />
        ) : venues.length === 0 ? (
          <VenueListEmpty title={VENUE_TEXT.exploreEmpty}>
            {filter.trim() && (
              <Button variant="outline" onClick={() => setFilter("")}>
                {VENUE_TEXT.clearSearch}
              </Button>
            )}
          </VenueListEmpty>
        ) : (
          <>
            <VenueGrid
              venues={venues}
              onOpen={sheet.openVenue}
              label={listHeading}
              busy={!aiResult && match.isPlaceholderData}
            />
            {showMore}
          </>
        )}
      </section>

      <VenueSheet sheet={sheet} />
    </div>
  );
}
