import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "@client/lib/api-call";

export interface VenueUpdateInput {
  capacityStatus: "Empty" | "Moderate" | "Full";
  noiseLevel: "Quiet" | "Conversational" | "Loud";
  currentVibes: string[];
  specialNotes: string | null;
  isOpen: boolean;
  /** "Live music tonight" (issue 26): the venue counts as Live Music while this broadcast is fresh. */
  liveMusic?: boolean;
}

/** POST /api/venues/:id/updates (owners only). */
export function useBroadcastUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ venueId, update }: { venueId: number; update: VenueUpdateInput }) =>
      apiCall("POST /api/venues/:id/updates", { params: { id: venueId }, body: update }),
    onSuccess: () => {
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === "/api/my-venues" });
    },
  });
}
