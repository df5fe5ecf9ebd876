import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venueDetailsSchema, type VenueDetails } from "@shared/contracts/venues";
import { Agent } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Issue 25 section 3 over HTTP, on the seed: San Francisco's entertainment permits are shown on a
 * venue's details in words, with their source, and are evidence of its vibes ("Why these vibes?").
 */
const LIVE = "Licensed for live entertainment — SF Entertainment Commission";

describe.each(dbTargets())("entertainment permits on details, on %s", (target) => {
  let server: TestServer;
  let anon: Agent;

  beforeAll(async () => {
    server = await startServer(target, {}, { AREA_FETCH: "off" });
    anon = new Agent(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const details = async (externalId: string) => {
    const res = await anon.get<VenueDetails>(`/api/venues/${encodeURIComponent(externalId)}/details`);
    expect(res.status).toBe(200);
    return venueDetailsSchema.parse(res.body);
  };
  const externalIdOf = async (name: string, source: string) => {
    const [row] = await server.db.query<{ external_id: string }>(
      "SELECT external_id FROM venues WHERE name = $1 AND source = $2",
      [name, source],
    );
    return row.external_id;
  };

  it("shows an OpenStreetMap venue's permit and counts it for Live Music, in words", async () => {
    const utah = await details(await externalIdOf("Hotel Utah Saloon", "osm"));
    expect(utah.permits).toEqual([LIVE]);
    expect(utah.vibeEvidence["Live Music"]).toContainEqual({ source: "permit", detail: LIVE });
  });

  it("shows pool tables and late hours as facts, and only pool tables as a vibe", async () => {
    // OSM's "Family" (2807 Geary) holds the Billiard or Pool Tables and Extended Hours permits
    const family = await details("osm:node/4550110115");
    expect(family.permits).toEqual([
      "Licensed for pool tables — SF Entertainment Commission",
      "Licensed to stay open between 2 and 6 AM — SF Entertainment Commission",
    ]);
    const reasons = Object.values(family.vibeEvidence).flat();
    expect(reasons.filter((e) => e.source === "permit").map((e) => e.detail)).toEqual([
      "Licensed for pool tables — SF Entertainment Commission",
    ]);
  });

  it("shows a 2016 permit-list venue's entertainment permit too", async () => {
    const masri = await details(await externalIdOf("Al-Masri Egyptian Restaurant", "datasf"));
    expect(masri.permits).toEqual([LIVE]);
    expect(masri.vibeEvidence["Live Music"]).toContainEqual({ source: "permit", detail: LIVE });
  });

  it("shows none for a venue without a permit", async () => {
    const toronado = await details(await externalIdOf("Toronado", "osm"));
    expect(toronado.permits).toEqual([]);
  });
});
