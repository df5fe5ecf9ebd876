import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { LatestUpdate } from "@shared/contracts/venues";
import { applyRealtimeMessage } from "./realtime-provider";

const venue = (id: number) => ({ id, name: `v${id}`, latestUpdate: null });
const update: LatestUpdate = {
  capacityStatus: "Full",
  noiseLevel: "Loud",
  isOpen: null,
  statusMessage: null,
  specialNotes: null,
  currentVibes: [],
  createdAt: "2026-11-25T17:00:00Z",
  reviewAuthor: null,
  reviewRating: null,
  reviewTime: null,
};

describe("applyRealtimeMessage venue_update", () => {
  it("patches a venue in plain lists, { venues } answers and the pages of a paged match", () => {
    const client = new QueryClient();
    client.setQueryData(["/api/favorites"], [venue(1), venue(2)]);
    client.setQueryData(["/api/groups/x/venues"], { venues: [venue(2)] });
    client.setQueryData(["/api/venues/match-public", {}], {
      pages: [
        { venues: [venue(3)], offset: 0, total: 2 },
        { venues: [venue(2)], offset: 1, total: 2 },
      ],
      pageParams: [0, 1],
    });
    applyRealtimeMessage(client, {
      type: "venue_update",
      venueId: 2,
      externalId: "osm-2",
      name: "Two",
      latestUpdate: update,
    });
    const live = (v: { id: number; latestUpdate: unknown }) => [v.id, v.latestUpdate !== null];
    expect((client.getQueryData(["/api/favorites"]) as never[]).map(live)).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((client.getQueryData(["/api/groups/x/venues"]) as { venues: never[] }).venues.map(live)).toEqual([
      [2, true],
    ]);
    const paged = client.getQueryData(["/api/venues/match-public", {}]) as { pages: { venues: never[] }[] };
    expect(paged.pages.map((p) => p.venues.map(live))).toEqual([[[3, false]], [[2, true]]]);
  });
});
