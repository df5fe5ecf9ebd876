import { MapPin, Star } from "lucide-react";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";
import { usePositionKnown } from "../hooks/use-geolocation";
import { distanceShown, ratingShown } from "../lib/venue-display";

/**
 * A venue's rating and distance, only as far as they are known (issue 15): a source's rating with
 * its count and source, else "No ratings yet" in plain words (no star, no number); the distance
 * only when it is measured from the person's real position.
 */
export function VenueFigures({
  venue,
  className,
}: {
  venue: Pick<Venue, "rating" | "reviewCount" | "ratingSource" | "distance">;
  className?: string;
}) {
  const rating = ratingShown(venue);
  const distance = distanceShown(venue, usePositionKnown());
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm", className)}>
      {rating ? (
        <span className="inline-flex items-center gap-1" title={`Rating from ${rating.source}`}>
          <Star className="size-3.5 fill-amber-300 text-amber-300" aria-hidden="true" />
          <span className="sr-only">Rated </span>
          {rating.text}
          <span className="sr-only"> out of 5 on {rating.source}</span>
          {rating.count && (
            <span className="text-muted-foreground">
              {" "}
              ({rating.count}
              <span className="sr-only"> reviews</span>)
            </span>
          )}
        </span>
      ) : (
        <span data-testid="no-rating" className="text-foreground/80">
          {VENUE_TEXT.noRatingYet}
        </span>
      )}
      {distance && (
        <span className="inline-flex items-center gap-1 text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden="true" />
          {distance} mi
        </span>
      )}
    </p>
  );
}
