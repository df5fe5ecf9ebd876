import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { VENUE_API } from "@client/lib/api-paths";
import type { Venue } from "@shared/contracts/venues";
import { useDebouncedValue } from "@client/hooks/use-debounced-value";
import { apiCall } from "@client/lib/api-call";

/** The widest search radius the API takes (km): the whole area a deployment usually serves. */
const FIND_RADIUS_KM = 200;
const FIND_RESULTS = 8;

/**
 * Venue Owners finds the venue by name (issue 17: the numeric id was shown nowhere): the typed
 * name searches venues (GET /api/venues/nearby, widest radius) and a result fills in the id.
 */
export function VenueFinder({ text, onChoose }: { text: string; onChoose: (venue: Venue) => void }) {
  const listId = useId();
  const search = useDebouncedValue(text.trim(), 300);
  const byName = search.length >= 2 && !/^\d+$/.test(search);
  const found = useQuery({
    queryKey: [VENUE_API.nearby, "admin-owner", search],
    queryFn: ({ signal }) =>
      apiCall("GET /api/venues/nearby", {
        query: { ...DEFAULT_COORDS, radius: FIND_RADIUS_KM, search, limit: FIND_RESULTS },
        signal,
      }),
    enabled: byName,
    placeholderData: keepPreviousData,
  });
  if (!byName) return null;
  const venues = found.data ?? [];
  return (
    <div className="flex flex-col gap-1.5">
      <p id={listId} role="status" className="text-xs text-muted-foreground">
        {found.isPending ? ADMIN_TEXT.findingVenues : ADMIN_TEXT.venuesFound(venues.length)}
      </p>
      {venues.length > 0 && (
        <ul aria-labelledby={listId} className="flex flex-col gap-1 rounded-xl border border-border p-1">
          {venues.map((venue) => (
            <li key={venue.id}>
              <button
                type="button"
                onClick={() => onChoose(venue)}
                className={
                  "flex w-full flex-col items-start rounded-lg px-3 py-2 " +
                  "text-left text-sm hover:bg-white/5 focus-visible:bg-white/5"
                }
              >
                <span className="font-medium">{venue.name}</span>
                <span className="text-xs text-muted-foreground">
                  {[venue.category, venue.address, `id ${venue.id}`].filter(Boolean).join(" · ")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
