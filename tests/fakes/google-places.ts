/**
 * A fake Google Places API (New) on loopback: POST /v1/places:searchNearby, built from the
 * documented field names. Like the real service it refuses a missing or wrong X-Goog-Api-Key and
 * a missing X-Goog-FieldMask, checks the body (includedTypes, maxResultCount 1..20,
 * locationRestriction.circle with 0 < radius <= 50000, rankPreference), answers at most
 * maxResultCount places inside the circle whose types meet includedTypes (nearest first with
 * rankPreference DISTANCE), returns only the fields the mask names, and `{}` when nothing matches.
 * It can fail like the Overpass fake (status N times, hang, close mid-body).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface FakePlace {
  id: string;
  displayName: { text: string; languageCode?: string };
  location: { latitude: number; longitude: number };
  types: string[];
  primaryType?: string;
  [field: string]: unknown;
}

export type GoogleFailure =
  | { kind: "status"; status: number; retryAfter?: string }
  | { kind: "hang" }
  | { kind: "truncate" };

export interface SearchCall {
  apiKey: string;
  fieldMask: string;
  body: {
    includedTypes?: string[];
    maxResultCount?: number;
    locationRestriction?: { circle?: { center?: { latitude?: number; longitude?: number }; radius?: number } };
    rankPreference?: string;
  };
  /** How many places were answered. */
  answered: number;
}

export interface FakeGooglePlaces {
  /** Base URL (GOOGLE_PLACES_URL). */
  url: string;
  apiKey: string;
  calls: SearchCall[];
  /** Requests refused (bad key, no field mask, bad body). */
  refused: { status: number; message: string }[];
  setPlaces(places: FakePlace[]): void;
  places(): FakePlace[];
  fail(failure: GoogleFailure, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

function haversine(aLat: number, aLng: number, bLat: number, bLng: number) {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Keeps the fields the mask names: "places.displayName", "places.regularOpeningHours.weekdayDescriptions", "*". */
export function applyFieldMask(place: FakePlace, mask: string[]): Record<string, unknown> {
  if (mask.includes("*") || mask.includes("places.*")) return structuredClone(place);
  const out: Record<string, unknown> = {};
  for (const entry of mask) {
    const path = entry.replace(/^places\./, "").split(".");
    let src: unknown = place;
    let dst: Record<string, unknown> = out;
    for (let i = 0; i < path.length; i++) {
      if (src === null || typeof src !== "object" || !(path[i] in (src as object))) break;
      src = (src as Record<string, unknown>)[path[i]];
      if (i === path.length - 1) dst[path[i]] = structuredClone(src);
      else dst = (dst[path[i]] ??= {}) as Record<string, unknown>;
    }
  }
  return out;
}

const googleError = (code: number, status: string, message: string) =>
  JSON.stringify({ error: { code, message, status } });

export async function startFakeGooglePlaces(
  opts: { apiKey?: string; places?: FakePlace[] } = {},
): Promise<FakeGooglePlaces> {
  const apiKey = opts.apiKey ?? "fake-places-key";
  let data = opts.places ?? [];
  const calls: SearchCall[] = [];
  const refused: { status: number; message: string }[] = [];
  const failures: { failure: GoogleFailure; left: number }[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, {
      "content-type": "application/json; charset=UTF-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  };
  const refuse = (res: ServerResponse, code: number, status: string, message: string) => {
    refused.push({ status: code, message });
    send(res, code, googleError(code, status, message));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== "POST" || req.url !== "/v1/places:searchNearby")
      return refuse(res, 404, "NOT_FOUND", `Method not found: ${req.method} ${req.url}`);
    const key = String(req.headers["x-goog-api-key"] ?? "");
    if (key !== apiKey) return refuse(res, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.");
    const fieldMask = String(req.headers["x-goog-fieldmask"] ?? "");
    if (!fieldMask) {
      return refuse(
        res,
        400,
        "INVALID_ARGUMENT",
        "FieldMask is a required parameter. " +
          "See https://cloud.google.com/apis/docs/system-parameters on how to provide it.",
      );
    }
    if (!/^application\/json/.test(String(req.headers["content-type"] ?? "")))
      return refuse(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    let body: SearchCall["body"];
    try {
      body = JSON.parse(raw);
    } catch {
      return refuse(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
    }
    const circle = body.locationRestriction?.circle;
    const lat = circle?.center?.latitude;
    const lng = circle?.center?.longitude;
    const radius = circle?.radius;
    if (typeof lat !== "number" || typeof lng !== "number" || typeof radius !== "number") {
      return refuse(res, 400, "INVALID_ARGUMENT", "locationRestriction.circle is required.");
    }
    if (!(radius > 0 && radius <= 50_000))
      return refuse(res, 400, "INVALID_ARGUMENT", "Invalid radius. Must be between 0.0 and 50000.0, inclusive.");
    const max = body.maxResultCount ?? 20;
    if (!Number.isInteger(max) || max < 1 || max > 20)
      return refuse(res, 400, "INVALID_ARGUMENT", "maxResultCount must be between 1 and 20.");
    if (body.includedTypes !== undefined && (!Array.isArray(body.includedTypes) || body.includedTypes.length > 50)) {
      return refuse(res, 400, "INVALID_ARGUMENT", "includedTypes must be a list of at most 50 types.");
    }
    if (body.rankPreference !== undefined && !["POPULARITY", "DISTANCE"].includes(body.rankPreference)) {
      return refuse(res, 400, "INVALID_ARGUMENT", `Invalid value at 'rank_preference' (${body.rankPreference}).`);
    }

    const next = failures[0];
    if (next) {
      if (--next.left <= 0) failures.shift();
      const f = next.failure;
      if (f.kind === "hang") return;
      if (f.kind === "status") {
        const headers: Record<string, string> = { "content-type": "application/json; charset=UTF-8" };
        if (f.retryAfter !== undefined) headers["retry-after"] = f.retryAfter;
        res.writeHead(f.status, headers);
        const status = f.status === 429 ? "RESOURCE_EXHAUSTED" : f.status === 503 ? "UNAVAILABLE" : "INTERNAL";
        return res.end(
          googleError(f.status, status, f.status === 429 ? "Quota exceeded." : "Internal error encountered."),
        );
      }
    }

    const types = body.includedTypes;
    const hits = data
      .map((p) => ({ p, d: haversine(lat, lng, p.location.latitude, p.location.longitude) }))
      .filter(({ p, d }) => d <= radius && (!types?.length || p.types.some((t) => types.includes(t))))
      .sort((a, b) =>
        body.rankPreference === "DISTANCE" ? a.d - b.d : Number(b.p.rating ?? 0) - Number(a.p.rating ?? 0),
      )
      .slice(0, max)
      .map(({ p }) =>
        applyFieldMask(
          p,
          fieldMask.split(",").map((f) => f.trim()),
        ),
      );
    calls.push({ apiKey: key, fieldMask, body, answered: hits.length });
    const text = JSON.stringify(hits.length ? { places: hits } : {});
    if (next?.failure.kind === "truncate") {
      res.writeHead(200, {
        "content-type": "application/json; charset=UTF-8",
        "content-length": Buffer.byteLength(text),
      });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    send(res, 200, text);
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    refused,
    setPlaces(places) {
      data = places;
    },
    places: () => data,
    fail(failure, times = 1) {
      failures.push({ failure, left: times });
    },
    reset() {
      failures.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Places for tests

function at(lat: number, lng: number, north: number, east: number) {
  return { latitude: lat + north / 111_195, longitude: lng + east / (111_195 * Math.cos((lat * Math.PI) / 180)) };
}

const KINDS: { types: string[]; primaryType: string; word: string }[] = [
  { types: ["restaurant", "food", "point_of_interest", "establishment"], primaryType: "restaurant", word: "Kitchen" },
  { types: ["cafe", "coffee_shop", "food", "establishment"], primaryType: "coffee_shop", word: "Coffee" },
  { types: ["bar", "point_of_interest", "establishment"], primaryType: "bar", word: "Tap Room" },
  {
    types: ["italian_restaurant", "restaurant", "food", "establishment"],
    primaryType: "italian_restaurant",
    word: "Trattoria",
  },
  { types: ["night_club", "bar", "establishment"], primaryType: "night_club", word: "Club" },
];
const NAMES = [
  "Juniper",
  "Basil",
  "Copper",
  "Saffron",
  "Harbor",
  "Mission",
  "Cedar",
  "Lantern",
  "Ember",
  "Marigold",
  "Fog",
  "Sparrow",
  "Olive",
  "Pier",
  "Velvet",
];

/** `n` places spread evenly (a sunflower spiral) within `radius` metres of the point. */
export function spreadPlaces(lat: number, lng: number, n: number, radius: number, idPrefix: string): FakePlace[] {
  const golden = Math.PI * (3 - Math.sqrt(5));
  return Array.from({ length: n }, (_, i) => {
    const r = radius * Math.sqrt((i + 0.5) / n);
    const a = i * golden;
    const kind = KINDS[i % KINDS.length];
    return {
      id: `${idPrefix}${String(i).padStart(3, "0")}`,
      displayName: { text: `${NAMES[i % NAMES.length]} ${kind.word} ${i}`, languageCode: "en" },
      location: at(lat, lng, r * Math.sin(a), r * Math.cos(a)),
      types: kind.types,
      primaryType: kind.primaryType,
      formattedAddress: `${100 + i} Valencia St, San Francisco, CA 94103, USA`,
      rating: 3.5 + (i % 15) / 10,
      userRatingCount: 10 + i * 7,
      businessStatus: "OPERATIONAL",
    };
  });
}

/**
 * The Google side of the Overpass fake's "The Blue Note Jazz Bar": 12 m away, a slightly different name, rich fields.
 */
export function blueNotePlace(lat: number, lng: number, id: string): FakePlace {
  return {
    id,
    displayName: { text: "Blue Note Jazz Bar", languageCode: "en" },
    location: at(lat, lng, 8, 9),
    types: ["bar", "night_club", "point_of_interest", "establishment"],
    primaryType: "bar",
    businessStatus: "OPERATIONAL",
    formattedAddress: "3225 22nd St, San Francisco, CA 94110, USA",
    rating: 4.6,
    userRatingCount: 812,
    nationalPhoneNumber: "(415) 555-0101",
    websiteUri: "https://bluenote.example/",
    regularOpeningHours: {
      openNow: true,
      weekdayDescriptions: [
        "Monday: 5:00 PM – 2:00 AM",
        "Tuesday: 5:00 PM – 2:00 AM",
        "Wednesday: 5:00 PM – 2:00 AM",
        "Thursday: 5:00 PM – 2:00 AM",
        "Friday: 5:00 PM – 2:00 AM",
        "Saturday: 5:00 PM – 2:00 AM",
        "Sunday: 5:00 PM – 2:00 AM",
      ],
    },
    editorialSummary: {
      text: "Dim, intimate jazz club with nightly live sets and classic cocktails.",
      languageCode: "en",
    },
    priceLevel: "PRICE_LEVEL_MODERATE",
    liveMusic: true,
    goodForGroups: true,
    servesCocktails: true,
    servesWine: true,
    servesBeer: true,
    outdoorSeating: false,
    reservable: true,
    reviews: [
      {
        name: `places/${id}/reviews/r1`,
        relativePublishTimeDescription: "a week ago",
        rating: 5,
        text: { text: "Great live jazz every night, cozy and romantic atmosphere.", languageCode: "en" },
        originalText: { text: "Great live jazz every night, cozy and romantic atmosphere.", languageCode: "en" },
        authorAttribution: {
          displayName: "Maya R.",
          uri: "https://www.google.com/maps/contrib/1",
          photoUri: "https://lh3.googleusercontent.com/a/1",
        },
        publishTime: "2024-04-20T21:15:00Z",
      },
      {
        name: `places/${id}/reviews/r2`,
        relativePublishTimeDescription: "3 weeks ago",
        rating: 4,
        text: { text: "Loud on weekends but the band was amazing.", languageCode: "en" },
        authorAttribution: { displayName: "Tom K.", uri: "https://www.google.com/maps/contrib/2" },
        publishTime: "2024-04-06T23:40:00.123456Z",
      },
    ],
    photos: [
      {
        name: `places/${id}/photos/AelY_photo1`,
        widthPx: 4032,
        heightPx: 3024,
        authorAttributions: [{ displayName: "Maya R.", uri: "https://www.google.com/maps/contrib/1" }],
      },
      {
        name: `places/${id}/photos/AelY_photo2`,
        widthPx: 1200,
        heightPx: 800,
        authorAttributions: [{ displayName: "Blue Note Jazz Bar" }],
      },
    ],
  };
}
