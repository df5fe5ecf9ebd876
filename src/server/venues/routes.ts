import type { Queryable } from "../db/client";
import type { FastifyInstance } from "fastify";
import {
  externalIdParam,
  matchQuery,
  nearbyQuery,
  positionQuery,
  saveVibesBody,
  SUGGESTIONS_HEADER,
  TOTAL_COUNT_HEADER,
  CONFIRMED_COUNT_HEADER,
  totalHeaderValue,
  venueIdParam,
} from "@shared/contracts/venues";
import type { MapStyle } from "@shared/contracts/map";
import { MAP_STYLE_PATH } from "@shared/vocabulary";
import { currentUser, requireUser, type AppContext } from "../context";
import { haversineMeters } from "../db/earth";
import { forbidden, notFound, parse } from "../http/errors";
import { viewerKey } from "../http/rate-limits";
import {
  favoriteVenues,
  insertVibeSelection,
  latestVibes,
  presentVenue,
  toggleFavorite,
  venueByExternalId,
  venueDetails,
} from "./queries";
import { liveEvidence } from "../live/crowd";
import { loadVenueState, withLive } from "./live-state";
import { matchedJson, matchVenues, nearestPage, suggestionsNear } from "./service";
import { buildSources } from "../providers";
import { analyzeVenueTexts } from "../vibes/model";
import { createAreaFetcher, type AreaFetchTuning } from "./area-fetch";

/** Set on a search's answer while the area around it is being fetched from the venue sources. */
export const AREA_FETCHING_HEADER = "x-venues-fetching";

export function venueRoutes(app: FastifyInstance, ctx: AppContext, areaFetch: AreaFetchTuning = {}) {
  const { db } = ctx;
  // Searches where few venues are known fetch the area in the background (venues/area-fetch.ts).
  const areas = createAreaFetcher({
    db,
    catalog: ctx.catalog,
    sources: () => (ctx.config.areaFetch ? buildSources(ctx.config, app.log) : []),
    log: app.log,
    analyzeTexts: analyzeVenueTexts,
    analyzePhoto: ctx.vibes.photo ? (url, o) => ctx.vibes.photo!(url, o) : undefined,
    timeoutMs: ctx.config.syncTimeoutMs,
    settle: () => ctx.readModel.settle(),
    ...areaFetch,
  });
  app.addHook("onClose", () => areas.close());

  // The map of matches' style: public, like the CSP that names its origin.
  app.get(MAP_STYLE_PATH, async (): Promise<MapStyle> => ({ styleUrl: ctx.config.mapStyleUrl }));

  // One page of a ranking per call (offset, limit); the answer stays the spec's array of venues and
  // the header x-total-count says how many the whole ranking holds.
  app.get("/api/venues/match-public", async (req, reply) => {
    const q = parse(matchQuery, req.query);
    const now = ctx.clock();
    const user = await currentUser(ctx, req);
    if (ctx.config.areaFetch && (await areas.check(q.latitude, q.longitude)))
      reply.header(AREA_FETCHING_HEADER, "true");
    const { venues, total, confirmed } = await matchVenues(ctx, {
      latitude: q.latitude,
      longitude: q.longitude,
      radiusKm: q.radius,
      vibes: q.vibes === "all" ? [] : q.vibes,
      category: q.category,
      search: q.search,
      openAt: q.openNow ? now : undefined,
      sort: q.sort,
      userId: user?.id,
      offset: q.offset,
      limit: q.limit,
      now,
      lean: true,
    });
    if (q.vibes !== "all")
      ctx.matchCounter.record(
        venues.map((v) => v.venue.id),
        viewerKey(user, req),
      );
    return reply
      .header(TOTAL_COUNT_HEADER, totalHeaderValue(total))
      .header(CONFIRMED_COUNT_HEADER, totalHeaderValue(confirmed))
      .type("application/json; charset=utf-8")
      .send(matchedJson(venues, now));
  });

  app.get("/api/venues/nearby", async (req, reply) => {
    const q = parse(nearbyQuery, req.query);
    const now = ctx.clock();
    const user = await currentUser(ctx, req);
    const near = {
      latitude: q.latitude,
      longitude: q.longitude,
      radiusMeters: q.radius * 1000,
      search: q.search,
    };
    // Suggestions for an hour of the day, or personal picks when the caller has preferences (vibes, diets).
    const prefs = { vibes: user?.preferred_vibes ?? [], diets: user?.dietary_restrictions ?? [] };
    const { rows, total, personal } =
      q.hour === undefined
        ? { ...(await nearestPage(ctx, near, q.offset, q.limit)), personal: null }
        : await suggestionsNear(ctx, { ...near, limit: q.limit, offset: q.offset }, q.hour, prefs);
    reply.header(TOTAL_COUNT_HEADER, totalHeaderValue(total));
    if (personal !== null) reply.header(SUGGESTIONS_HEADER, personal ? "personal" : "hour");
    return withLive(
      ctx,
      rows.map((r) => presentVenue(r, now)),
      user?.id,
    );
  });

  // One venue as the lists show it (live state, favourite, distance when the caller says where they
  // are): what a shared link (/venues/:externalId) opens its details sheet on.
  app.get("/api/venues/:externalId", async (req) => {
    const row = await venueOfParams(db, req.params);
    const at = parse(positionQuery, req.query);
    const meters =
      at.latitude !== undefined && at.longitude !== undefined
        ? haversineMeters(at.latitude, at.longitude, row.latitude, row.longitude)
        : null;
    const user = await currentUser(ctx, req);
    const [venue] = await withLive(ctx, [presentVenue({ ...row, meters }, ctx.clock())], user?.id);
    return venue;
  });

  app.get("/api/venues/:externalId/details", async (req) => {
    const venue = await venueOfParams(db, req.params);
    const user = await currentUser(ctx, req);
    const [details, state] = await Promise.all([
      venueDetails(db, venue, user ? { id: user.id } : null, ctx.clock()),
      loadVenueState(ctx, [venue.id], null),
    ]);
    // the live signal (owner broadcast, recent check-ins) leads while it is fresh
    for (const [vibe, list] of Object.entries(liveEvidence(state.live.get(venue.id) ?? null)))
      details.vibeEvidence[vibe] = [...list, ...(details.vibeEvidence[vibe] ?? [])];
    return details;
  });

  app.post("/api/favorites/:id", async (req) => {
    const user = await requireUser(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    const favorited = await toggleFavorite(db, user.id, id);
    if (favorited === null) throw notFound("Venue not found");
    return { favorited };
  });

  app.get("/api/favorites", async (req) => {
    const user = await requireUser(ctx, req);
    const at = parse(positionQuery, req.query);
    const position =
      at.latitude !== undefined && at.longitude !== undefined
        ? { latitude: at.latitude, longitude: at.longitude }
        : undefined;
    return withLive(
      ctx,
      (await favoriteVenues(db, user.id, position)).map((r) => presentVenue(r, ctx.clock())),
    );
  });

  app.get("/api/vibes/current", async (req) => {
    const user = await requireUser(ctx, req);
    return { vibes: await latestVibes(db, user.id) };
  });

  app.post("/api/vibes", async (req) => {
    const user = await requireUser(ctx, req);
    // Spec 6: saving vibes needs a signed-in user with an email.
    if (!user.email) throw forbidden("Sign up with an email to save your vibes");
    const body = parse(saveVibesBody, req.body);
    // Spec 6: vibes are private unless the person shares their vibes.
    const isPrivate = body.isPrivate || !user.privacy_share_vibes;
    await insertVibeSelection(db, user.id, body.vibes, isPrivate);
    return { vibes: body.vibes, isPrivate };
  });

  // Clearing every vibe is a selection too: saved as an empty one, so the next visit starts from
  // nothing instead of bringing the old vibes back (issue 17). Kept private: nothing to share.
  app.delete("/api/vibes/current", async (req) => {
    const user = await requireUser(ctx, req);
    if (!user.email) throw forbidden("Sign up with an email to save your vibes");
    await insertVibeSelection(db, user.id, [], true);
    return { vibes: [] };
  });
}

/** The venue a route's `:externalId` names; an id that cannot exist is simply unknown (404). */
export async function venueOfParams(db: Queryable, params: unknown) {
  const parsed = externalIdParam.safeParse(params);
  const venue = parsed.success ? await venueByExternalId(db, parsed.data.externalId) : null;
  if (!venue) throw notFound("Venue not found");
  return venue;
}
