/**
 * A fake Overpass API on loopback that speaks the real wire format: POST /api/interpreter with a
 * form body `data=<Overpass QL>`, answered with an [out:json] body (version, generator, osm3s,
 * elements). It reads the query's `(around:R,LAT,LNG)` filters and `["amenity"~"..."]` regex and
 * answers the elements of its data set that match, as Overpass would; or, with `respondWith`, a
 * body verbatim (the real Skopje response in ./data). It can be told to fail: HTTP 500 or 429
 * (with Retry-After) a number of times, hang, close the socket half-way through the body, or answer
 * at once but send the body slowly (a trickle of pieces).
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface OverpassElement {
  type: "node" | "way" | "relation";
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
}

export type OverpassFailure =
  | { kind: "status"; status: number; retryAfter?: string; body?: string }
  | { kind: "hang" }
  | { kind: "truncate" }
  /** 200 and the headers at once, then the body in `pieces` parts, one every `everyMs`. */
  | { kind: "slow"; pieces: number; everyMs: number };

export interface OverpassRequest {
  method: string;
  path: string;
  contentType: string;
  userAgent: string;
  query: string;
}

export interface FakeOverpass {
  /** The interpreter URL (OVERPASS_URL). */
  url: string;
  requests: OverpassRequest[];
  /** The data set queries are answered from (replaces any verbatim body). */
  setElements(elements: OverpassElement[]): void;
  elements(): OverpassElement[];
  /** Answer every query with this body, whatever it asks. */
  respondWith(body: unknown): void;
  /** The next `times` requests fail this way (Infinity: until reset). */
  fail(failure: OverpassFailure, times?: number): void;
  /** Back to answering normally. */
  reset(): void;
  close(): Promise<void>;
}

export const SKOPJE_FIXTURE = new URL("./data/overpass_api_response_fastfood_skopje.json", import.meta.url);
export const readSkopjeFixture = (): { elements: OverpassElement[] } & Record<string, unknown> =>
  JSON.parse(readFileSync(SKOPJE_FIXTURE, "utf8"));

function haversine(aLat: number, aLng: number, bLat: number, bLng: number) {
  const r = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLng - aLng) * r) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Statement {
  type: "node" | "way";
  amenity: RegExp | null;
  around: { r: number; lat: number; lng: number } | null;
}

/** The statements of the union `( node[...](around:...); way[...](around:...); )`. */
export function parseQuery(ql: string): Statement[] {
  const out: Statement[] = [];
  const re = /\b(node|way)((?:\[[^\]]*\])*)\(around:([\d.]+),(-?[\d.]+),(-?[\d.]+)\)/g;
  for (const m of ql.matchAll(re)) {
    const filter = /\["amenity"~"([^"]+)"\]/.exec(m[2]);
    out.push({
      type: m[1] as "node" | "way",
      amenity: filter ? new RegExp(filter[1]) : null,
      around: { r: Number(m[3]), lat: Number(m[4]), lng: Number(m[5]) },
    });
  }
  return out;
}

export async function startFakeOverpass(initial: OverpassElement[] = []): Promise<FakeOverpass> {
  let data = initial;
  let verbatim: unknown = null;
  const failures: { failure: OverpassFailure; left: number }[] = [];
  const requests: OverpassRequest[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: string, type = "application/json") => {
    res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
    res.end(body);
  };
  const errorPage = (_status: number, text: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n` +
    `<html><head><title>OSM3S Response</title></head><body>\n` +
    `<p><strong style="color:#FF0000">Error</strong>: ${text}</p>\n</body></html>\n`;

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== "POST" || !req.url?.startsWith("/api/interpreter"))
      return send(res, 404, errorPage(404, "not found"), "text/html");
    const form = new URLSearchParams(raw);
    const query = form.get("data") ?? "";
    requests.push({
      method: req.method,
      path: req.url,
      contentType: String(req.headers["content-type"] ?? ""),
      userAgent: String(req.headers["user-agent"] ?? ""),
      query,
    });

    const next = failures[0];
    if (next) {
      if (--next.left <= 0) failures.shift();
      const f = next.failure;
      if (f.kind === "hang") return; // never answers; the socket is destroyed on close()
      if (f.kind === "status") {
        const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8" };
        if (f.retryAfter !== undefined) headers["retry-after"] = f.retryAfter;
        res.writeHead(f.status, headers);
        return res.end(
          f.body ??
            errorPage(
              f.status,
              f.status === 429
                ? "rate_limited. Please check /api/status for the quota of your IP address."
                : "runtime error: open64: 0 Success /osm3s_osm_base " +
                    "Dispatcher_Client::request_read_and_idx::timeout. " +
                    "The server is probably too busy to handle your request.",
            ),
        );
      }
      const body = JSON.stringify(answer(query));
      if (f.kind === "slow") {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
        const size = Math.ceil(body.length / f.pieces);
        let sent = 0;
        const timer = setInterval(() => {
          res.write(body.slice(sent, sent + size));
          sent += size;
          if (sent >= body.length) {
            clearInterval(timer);
            res.end();
          }
        }, f.everyMs);
        res.once("close", () => clearInterval(timer));
        return;
      }
      // truncate: promise the whole body, send half of it, then drop the connection
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    if (!/\[out:json\]/.test(query))
      return send(res, 400, errorPage(400, "line 1: parse error: only [out:json] is served by this fake"), "text/html");
    send(res, 200, JSON.stringify(answer(query)));
  };

  const answer = (query: string) => {
    if (verbatim) return verbatim;
    const statements = parseQuery(query);
    const elements = data.filter((el) =>
      statements.some((s) => {
        if (s.type !== el.type) return false;
        if (s.amenity && !s.amenity.test(el.tags?.amenity ?? "")) return false;
        const lat = el.type === "node" ? el.lat : el.center?.lat;
        const lon = el.type === "node" ? el.lon : el.center?.lon;
        // ways are matched by their centre here (Overpass matches any of their nodes; close enough)
        if (lat === undefined || lon === undefined) return !!s.around && el.type === "way";
        return !s.around || haversine(s.around.lat, s.around.lng, lat, lon) <= s.around.r;
      }),
    );
    return {
      version: 0.6,
      generator: "Overpass API 0.7.62.1 (fake)",
      osm3s: {
        timestamp_osm_base: "2024-05-01T12:00:00Z",
        copyright:
          "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.",
      },
      elements,
    };
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
    url: `http://127.0.0.1:${port}/api/interpreter`,
    requests,
    setElements(elements) {
      data = elements;
      verbatim = null;
    },
    elements: () => data,
    respondWith(body) {
      verbatim = body;
    },
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
// A San Francisco-like data set around any point, with nodes and ways and the tags the blend reads

/** A point `north` and `east` metres from (lat, lng). */
export function offset(lat: number, lng: number, north: number, east: number) {
  return { lat: lat + north / 111_195, lon: lng + east / (111_195 * Math.cos((lat * Math.PI) / 180)) };
}

/**
 * Nine elements around the point: seven venues (nodes and ways with `center`), one unnamed cafe,
 * one way without a centre (both skipped by the parser). `idBase` keeps ids apart between areas.
 */
export function sfLikeElements(lat: number, lng: number, idBase: number): OverpassElement[] {
  const at = (n: number, e: number) => offset(lat, lng, n, e);
  return [
    {
      type: "node",
      id: idBase + 1,
      ...at(0, 0),
      tags: {
        amenity: "bar",
        name: "The Blue Note Jazz Bar",
        live_music: "yes",
        music_genre: "jazz",
        opening_hours: "Mo-Su 17:00-02:00",
        "addr:housenumber": "3225",
        "addr:street": "22nd Street",
        "addr:city": "San Francisco",
        "addr:state": "CA",
        "addr:postcode": "94110",
        phone: "+1 415 555 0101",
        website: "https://bluenote.example",
      },
    },
    {
      type: "way",
      id: idBase + 2,
      center: at(120, 80),
      tags: {
        amenity: "cafe",
        name: "Ritual Coffee Roasters",
        cuisine: "coffee_shop",
        outdoor_seating: "yes",
        internet_access: "wlan",
        opening_hours: "Mo-Fr 07:00-19:00; Sa-Su 08:00-19:00",
        "contact:website": "ritualroasters.example",
        "contact:phone": "+1 415 555 0102",
      },
    },
    {
      type: "node",
      id: idBase + 3,
      ...at(-150, 60),
      tags: { amenity: "biergarten", name: "Zeitgeist", outdoor_seating: "yes", opening_hours: "Mo-Su 12:00-02:00" },
    },
    {
      type: "node",
      id: idBase + 4,
      ...at(200, -180),
      tags: { amenity: "nightclub", name: "The EndUp", music_genre: "house;techno" },
    },
    {
      type: "way",
      id: idBase + 5,
      center: at(-220, -140),
      tags: {
        amenity: "restaurant",
        name: "Tartine Bistro",
        cuisine: "french",
        description: "Candle-lit French bistro with a small wine list.",
      },
    },
    { type: "node", id: idBase + 6, ...at(90, -260), tags: { amenity: "pub", name: "Toronado" } },
    {
      type: "node",
      id: idBase + 7,
      ...at(-60, 300),
      tags: { amenity: "cafe", "name:en": "Golden Gate Tea House", cuisine: "tea" },
    },
    { type: "node", id: idBase + 8, ...at(30, 30), tags: { amenity: "cafe" } },
    { type: "way", id: idBase + 9, tags: { amenity: "bar", name: "Way Without Centre" } },
  ];
}
