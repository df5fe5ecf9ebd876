import { MapPin, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { FEED_TEXT } from "@client/features/feed/texts";
import { SOCIAL_LIMITS } from "@shared/vocabulary";
import { SOCIAL_SEARCH_DELAY_MS } from "@client/lib/texts";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { useDebouncedValue } from "@client/hooks/use-debounced-value";
import { usePostVenueSearch } from "../api/post-venue-search";
import type { PostDraft } from "../lib/post-draft";

interface VenueFieldProps {
  venue: PostDraft["venue"];
  text: string;
  onVenueChange: (venue: PostDraft["venue"]) => void;
  onTextChange: (text: string) => void;
}

/**
 * One field for where the post is from: typing searches nearby venues (at most 5 shown) and a
 * picked venue becomes a removable chip; with no venue picked the typed text is the custom location.
 */
export function VenueField({ venue, text, onVenueChange, onTextChange }: VenueFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);
  const search = useDebouncedValue(text.trim(), SOCIAL_SEARCH_DELAY_MS);
  const results = usePostVenueSearch(search, venue === null);
  const typed = text.trim().length > 0;

  useEffect(() => {
    if (venue === null && focusInput.current) {
      focusInput.current = false;
      inputRef.current?.focus();
    }
  }, [venue]);

  if (venue) {
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium">{FEED_TEXT.venueLabel}</p>
        <span
          className={
            "inline-flex max-w-full items-center gap-1.5 self-start rounded-full bg-linear-to-r " +
            "from-purple-600 to-pink-600 py-1 pr-1 pl-3 text-sm font-medium text-white"
          }
        >
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 truncate">{venue.name}</span>
          <button
            type="button"
            aria-label={`${FEED_TEXT.removeVenue} ${venue.name}`}
            onClick={() => {
              focusInput.current = true;
              onVenueChange(null);
            }}
            className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/20"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </span>
      </div>
    );
  }

  const list = results.data ?? [];
  const settled = search === text.trim() && !results.isFetching;
  let status = "";
  if (typed && results.isError) status = FEED_TEXT.venueSearchFailed;
  else if (typed && !results.data && results.isFetching) status = FEED_TEXT.venueSearching;
  else if (typed && settled && results.data && list.length === 0) status = FEED_TEXT.venueNoResults;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{FEED_TEXT.venueLabel}</Label>
      <Input
        ref={inputRef}
        id={inputId}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder={FEED_TEXT.venuePlaceholder}
        maxLength={SOCIAL_LIMITS.locationTextMax}
        autoComplete="off"
        aria-describedby={`${hintId} ${statusId}`}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {FEED_TEXT.venueHint}
      </p>
      <p id={statusId} role="status" className="text-xs text-muted-foreground empty:hidden">
        {status}
      </p>
      {typed && list.length > 0 && (
        <ul
          aria-label={FEED_TEXT.venueResults}
          className="flex flex-col gap-1 rounded-xl border border-border bg-background/40 p-1"
        >
          {list.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                onClick={() => {
                  onVenueChange({ id: v.id, name: v.name });
                  onTextChange("");
                }}
                className="flex w-full min-w-0 items-center gap-2.5 rounded-lg px-2.5 py-2 text-left hover:bg-white/5"
              >
                <MapPin className="size-4 shrink-0 text-pink-300" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{v.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {[v.category, v.address].filter(Boolean).join(" · ")}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
