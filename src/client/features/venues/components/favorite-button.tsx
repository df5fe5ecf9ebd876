import { Heart } from "lucide-react";
import type { MouseEvent } from "react";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";
import { useFavorite } from "../hooks/use-favorite";

interface FavoriteButtonProps {
  venue: Pick<Venue, "id" | "name" | "isFavorite">;
  /** overlay: the round heart on a card photo; action: the labelled button of the details sheet. */
  variant?: "overlay" | "action";
  className?: string;
}

/** The heart (spec 4): pressed when saved, toggled by POST /api/favorites/:id. */
export function FavoriteButton({ venue, variant = "overlay", className }: FavoriteButtonProps) {
  const { favorited, toggle, isPending } = useFavorite(venue);
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    toggle();
  };
  const heart = (
    <Heart aria-hidden="true" className={cn("transition-colors", favorited ? "fill-pink-500 text-pink-500" : "")} />
  );
  return (
    <button
      type="button"
      aria-pressed={favorited}
      aria-label={`${VENUE_TEXT.save} ${venue.name}`}
      aria-busy={isPending || undefined}
      title={favorited ? "Saved" : VENUE_TEXT.save}
      onClick={onClick}
      className={cn(
        variant === "overlay"
          ? "inline-flex size-10 items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm " +
              "hover:bg-black/75 [&_svg]:size-5"
          : "inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-border px-4 text-sm " +
              "font-semibold hover:bg-white/5 [&_svg]:size-4",
        isPending && "opacity-70",
        className,
      )}
    >
      {heart}
      {variant === "action" && <span aria-hidden="true">{favorited ? "Saved" : VENUE_TEXT.save}</span>}
    </button>
  );
}
