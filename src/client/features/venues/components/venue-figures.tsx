import { MapPin, Star } from "lucide-react";
import type { ReactNode } from "react";
import { VENUE_TEXT } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";
import { distanceFigure, ratingFigure, reviewCountFigure, type Figure } from "../lib/venue-display";

/**
 * A spec fallback (rating 4.8, 142 reviews, 0.8 mi) is shown, as the product does, but muted and
 * with a tooltip; assistive technology hears the truth ("No rating yet") instead of the number.
 */
function Shown({ figure, label, children }: { figure: Figure; label: string; children: ReactNode }) {
  if (!figure.isFallback) return <>{children}</>;
  return (
    <span title={label} className="text-muted-foreground/75 italic">
      <span aria-hidden="true">{children}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function VenueFigures({
  venue,
  className,
}: {
  venue: Pick<Venue, "rating" | "reviewCount" | "distance">;
  className?: string;
}) {
  const rating = ratingFigure(venue);
  const reviews = reviewCountFigure(venue);
  const distance = distanceFigure(venue);
  const noRating = rating.isFallback && reviews.isFallback;
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm", className)}>
      {noRating ? (
        <Shown figure={rating} label={VENUE_TEXT.noRatingYet}>
          <span className="inline-flex items-center gap-1">
            <Star className="size-3.5" aria-hidden="true" />
            {rating.text} ({reviews.text})
          </span>
        </Shown>
      ) : (
        <span className="inline-flex items-center gap-1">
          <Star className={cn("size-3.5", !rating.isFallback && "fill-amber-300 text-amber-300")} aria-hidden="true" />
          <span className="sr-only">Rating </span>
          <Shown figure={rating} label={VENUE_TEXT.noRatingYet}>
            {rating.text}
          </Shown>
          <span className="text-muted-foreground">
            (
            <Shown figure={reviews} label={VENUE_TEXT.noRatingYet}>
              {reviews.text}
            </Shown>
            <span className="sr-only"> reviews</span>)
          </span>
        </span>
      )}
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <MapPin className="size-3.5" aria-hidden="true" />
        <Shown figure={distance} label={VENUE_TEXT.distanceUnknown}>
          {distance.text} mi
        </Shown>
      </span>
    </p>
  );
}
