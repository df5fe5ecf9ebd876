import type { LatestUpdate } from "@shared/contracts/venues";
import type { LiveVibe } from "./crowd";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The LatestUpdate of spec section 3, from a live vibe. */
export function presentLatestUpdate(live: LiveVibe): LatestUpdate {
  const b = live.broadcast;
  const sources = [b ? "the venue" : null, live.checkIns ? plural(live.checkIns, "recent check-in") : null].filter(
    Boolean,
  );
  return {
    capacityStatus: b?.capacityStatus ?? null,
    noiseLevel: b?.noiseLevel ?? null,
    isOpen: b?.isOpen ?? null,
    statusMessage: `Live from ${sources.join(" and ")}`,
    specialNotes: b?.specialNotes ?? null,
    currentVibes: live.currentVibes,
    createdAt: live.updatedAt.toISOString(),
    reviewAuthor: null,
    reviewRating: null,
    reviewTime: null,
  };
}
