import { Coffee, Moon, Sparkles, Sun, Sunset, UtensilsCrossed, X, type LucideIcon } from "lucide-react";
import { useId } from "react";
import { SUGGESTION_BUBBLE_COUNT } from "@client/features/home/texts";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
import type { Suggestions } from "../use-suggestions";
import type { SuggestionKind } from "../suggestion-heading";

const ICONS: Record<SuggestionKind, LucideIcon> = {
  breakfast: Coffee,
  lunch: UtensilsCrossed,
  afternoon: Sun,
  dinner: Sunset,
  nightlife: Moon,
  personalized: Sparkles,
};

const PILL_WIDTHS = ["w-28", "w-36", "w-24", "w-32", "w-28"];
/**
 * One row of pills, loading or loaded, so the panel keeps its height when the names arrive (no
 * layout shift): on phones the row scrolls sideways, from sm up long names shorten to fit. The
 * padding leaves room for the focus ring inside the scrolling box.
 */
const ROW = "-m-1 mt-2 flex gap-2 overflow-x-auto p-1 [scrollbar-width:none]";

interface SuggestionBubblesProps {
  suggestions: Suggestions;
  onOpen: (venue: Venue) => void;
  onDismiss: () => void;
}

/** Spec 2: dismissible bubbles of venues for this time of day, shown while no vibe is chosen. */
export function SuggestionBubbles({ suggestions, onOpen, onDismiss }: SuggestionBubblesProps) {
  const headingId = useId();
  const { kind, heading, note, venues, loading } = suggestions;
  // Suggestions fail silently (spec 8): with nothing to suggest the panel is not shown.
  if (!loading && venues.length === 0) return null;
  const Icon = ICONS[kind];
  return (
    <section
      aria-labelledby={headingId}
      className={
        "rounded-2xl border border-pink-400/20 bg-linear-to-br " +
        "from-purple-600/15 via-fuchsia-600/10 to-pink-600/15 p-3 sm:p-4"
      }
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="inline-flex items-center gap-2 text-sm font-semibold text-pink-100">
          <Icon className="size-4 text-pink-300" aria-hidden="true" />
          {heading}
        </h2>
        <button
          type="button"
          aria-label={VENUE_TEXT.dismissSuggestions}
          onClick={onDismiss}
          className={
            "inline-flex size-8 items-center justify-center rounded-full " +
            "text-muted-foreground hover:bg-white/10 hover:text-foreground"
          }
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {note && !loading && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
      {loading ? (
        <div role="status" className={ROW}>
          <span className="sr-only">Finding places near you...</span>
          {Array.from({ length: SUGGESTION_BUBBLE_COUNT }, (_, i) => (
            <span
              key={i}
              aria-hidden="true"
              className={
                "h-9 shrink-0 animate-pulse sm:shrink rounded-full bg-white/10 " + PILL_WIDTHS[i % PILL_WIDTHS.length]
              }
            />
          ))}
        </div>
      ) : (
        <ul className={ROW}>
          {venues.map((venue) => (
            <li key={venue.id} className="max-w-[75%] min-w-0 shrink-0 sm:max-w-none sm:shrink">
              <button
                type="button"
                onClick={() => onOpen(venue)}
                className={
                  "inline-flex h-9 max-w-full items-center truncate rounded-full border " +
                  "border-white/15 bg-black/25 px-4 text-sm font-medium text-foreground " +
                  "backdrop-blur-sm hover:border-pink-300/50 hover:bg-black/40"
                }
              >
                <span className="truncate">{venue.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
