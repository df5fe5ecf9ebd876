import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { Agent, signUp } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

const { latitude, longitude } = DEFAULT_COORDS;
const NL = "/api/discover/natural-language";

// Numbers must be real decimals (issue 14): z.coerce.number() read null and false as 0, true as 1
// and "0x10" as 16, so a natural-language search sent with `latitude: null, longitude: null`
// searched around 0,0 (the Gulf of Guinea) instead of answering 'Location required'.
describe.each(dbTargets())("numbers of queries and bodies are real decimals on %s", (target) => {
  let server: TestServer;
  let agent: Agent;

  beforeAll(async () => {
    server = await startServer(target);
    agent = new Agent(server.url);
    await signUp(agent);
  });
  afterAll(async () => server?.close());

  it.each([
    [{ latitude: null, longitude: null }],
    [{ latitude: null, longitude }],
    [{ latitude, longitude: null }],
    [{ latitude: true, longitude: true }],
    [{ latitude: false, longitude: false }],
    [{ latitude: "0x10", longitude: "0x10" }],
    [{ latitude: "37,7", longitude }],
    [{ latitude: [], longitude: [] }],
    [{ latitude: "Infinity", longitude }],
  ])("natural-language search with %j answers 400 'Location required'", async (where) => {
    const res = await agent.post(NL, { query: "cozy wine bar", ...where });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Location required");
  });

  it.each([
    [{ radius: null }, "radius must be a number of miles"],
    [{ radius: true }, "radius must be a number of miles"],
    [{ radius: "0x10" }, "radius must be a number of miles"],
    [{ limit: true }, "limit must be a number"],
    [{ limit: "0x10" }, "limit must be a number"],
    [{ limit: null }, "limit must be a number"],
  ])("natural-language search with %j answers 400 %j", async (extra, message) => {
    const res = await agent.post(NL, { query: "cozy wine bar", latitude, longitude, ...extra });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("a decimal sent as text is still read (as a form or a query string sends it)", async () => {
    const res = await agent.post(NL, {
      query: "cozy wine bar",
      latitude: ` ${latitude} `,
      longitude: String(longitude),
      radius: "10",
      limit: "5",
    });
    expect(res.status).toBe(200);
    expect(res.body.venues.length).toBeGreaterThan(0);
  });

  const match = (q: Record<string, string>) =>
    `/api/venues/match-public?${new URLSearchParams({
      latitude: String(latitude),
      longitude: String(longitude),
      radius: "16",
      vibes: "all",
      ...q,
    })}`;

  it.each([
    [{ latitude: "0x10" }, "latitude must be a number"],
    [{ longitude: "-0x10" }, "longitude must be a number"],
    [{ longitude: "1_000" }, "longitude must be a number"],
    [{ radius: "0x10" }, "radius must be a number"],
    [{ radius: "true" }, "radius must be a number"],
  ])("venue match with %j answers 400 %j", async (q, message) => {
    const res = await agent.get(match(q));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("venue match still reads plain decimals", async () => {
    expect((await agent.get(match({ latitude: ` ${latitude}`, radius: "16.0" }))).status).toBe(200);
  });

  it.each([
    [`/api/venues/nearby?lat=${latitude}&lng=${longitude}&limit=0x10`, "limit must be a number"],
    [`/api/venues/nearby?lat=${latitude}&lng=${longitude}&hour=0x10`, "hour must be a number"],
    [`/api/venues/nearby?lat=0x10&lng=${longitude}`, "latitude must be a number"],
    ["/api/posts/feed?limit=0x10", "limit must be a number"],
    ["/api/posts/feed?limit=1e", "limit must be a number"],
    ["/api/my-venues/0x10/stats", "Venue id must be a number"],
  ])("GET %s answers 400 %j", async (path, message) => {
    const res = await agent.get(path);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
