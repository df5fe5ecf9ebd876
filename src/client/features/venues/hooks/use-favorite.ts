import { useState } from "react";
import type { Venue } from "@shared/contracts/venues";
import { useToggleFavorite } from "../api/toggle-favorite";

/** A heart's state: the venue's flag, then whatever the server answered to the last toggle. */
export function useFavorite(venue: Pick<Venue, "id" | "isFavorite">) {
  const mutation = useToggleFavorite();
  const [favorited, setFavorited] = useState(venue.isFavorite);
  const [seen, setSeen] = useState({ id: venue.id, isFavorite: venue.isFavorite });
  // A refetched list (or another venue in this slot) resets the heart to the server's flag.
  if (seen.id !== venue.id || seen.isFavorite !== venue.isFavorite) {
    setSeen({ id: venue.id, isFavorite: venue.isFavorite });
    setFavorited(venue.isFavorite);
  }
  const toggle = () => {
    if (mutation.isPending) return;
    mutation.mutate(venue.id, { onSuccess: ({ favorited: next }) => setFavorited(next) });
  };
  return { favorited, toggle, isPending: mutation.isPending };
}
