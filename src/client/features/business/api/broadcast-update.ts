import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@client/lib/query-client";

export interface VenueUpdateInput {
  capacityStatus: "Empty" | "Moderate" | "Full";
  noiseLevel: "Quiet" | "Conversational" | "Loud";
  currentVibes: string[];
  specialNotes: string | null;
  isOpen: boolean;
}

/** POST /api/venues/:id/updates (owners only). */
export function useBroadcastUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ venueId, update }: { venueId: number; update: VenueUpdateInput }) =>
      (await apiRequest("POST", `/api/venues/${venueId}/updates`, update)).json(),
    onSuccess: () => {
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === "/api/my-venues" });
    },
  });
}
