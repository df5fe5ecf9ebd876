import { afterEach, describe, expect, it, vi } from "vitest";
import { failureSources, syncVenues } from "./sync-venues";
import { OFFLINE_TEXT } from "@client/lib/offline";

const osm = {
  id: "osm",
  name: "OpenStreetMap",
  status: "failed",
  count: 0,
  error: "OpenStreetMap could not be reached",
};
const google = {
  id: "google",
  name: "Google Places",
  status: "skipped",
  count: 0,
  detail: "GOOGLE_PLACES_API_KEY not set",
};

describe("failureSources", () => {
  it("reads the sources of a 503 body", () => {
    const body = { message: "Sync Failed: x. Nothing was changed.", sources: [osm, google, { name: 1 }] };
    const error = new Error(`503: ${JSON.stringify(body)}`);
    expect(failureSources(error)).toEqual([osm, google]);
  });
  it("gives none for other failures", () => {
    expect(failureSources(new Error('409: {"message":"busy"}'))).toEqual([]);
    expect(failureSources(new Error("502: <html>"))).toEqual([]);
    expect(failureSources(new TypeError("Failed to fetch"))).toEqual([]);
    expect(failureSources("nope")).toEqual([]);
  });
});

describe("syncVenues", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fails with the server's message and the sources, else 'Failed to sync venues'", async () => {
    const body = { message: "Sync Failed: OpenStreetMap could not be reached. Nothing was changed.", sources: [osm] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(body), { status: 503 })),
    );
    await expect(syncVenues({ latitude: 1, longitude: 2, radius: 3 })).rejects.toMatchObject({
      message: body.message,
      sources: [osm],
    });
    // an answer without a message: the spec's fallback
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 500 })),
    );
    await expect(syncVenues({ latitude: 1, longitude: 2, radius: 3 })).rejects.toMatchObject({
      message: "Failed to sync venues",
      sources: [],
    });
    // no answer at all: the write may not have been saved, and the message says so (issue 26)
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(syncVenues({ latitude: 1, longitude: 2, radius: 3 })).rejects.toMatchObject({
      message: OFFLINE_TEXT.writeFailed,
      sources: [],
    });
  });
});
