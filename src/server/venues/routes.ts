import type { FastifyInstance } from "fastify";
import {
  externalIdParam,
  matchQuery,
  nearbyQuery,
  positionQuery,
  saveVibesBody,
  venueIdParam,
} from "@shared/contracts/venues";
import { currentUser, requireUser, type AppContext } from "../context";
import { forbidden, notFound, parse } from "../http/errors";
import { favoriteVenues, presentVenue, toggleFavorite, venueByExternalId, venueDetails } from "./queries";
import { withLive } from "./live-state";
import { suggestionRank } from "./ranking";
import { MATCH_CANDIDATES, matchedJson, matchVenues, venuesNear } from "./service";


export function venueRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.get("/api/venues/match-public", async (req, reply) => {
    const q = parse(matchQuery, req.query);
    const user = await currentUser(ctx, req);
    const venues = await matchVenues(ctx, {
      latitude: q.latitude,
      longitude: q.longitude,
      radiusKm: q.radius,
      vibes: q.vibes === "all" ? [] : q.vibes,
      category: q.category,
      search: q.search,
      userId: user?.id,
    });
    if (q.vibes !== "all") ctx.matchCounter.record(venues.map((v) => v.venue.id));
    return reply.type("application/json; charset=utf-8").send(matchedJson(venues));
  });

  app.get("/api/venues/nearby", async (req) => {
    const q = parse(nearbyQuery, req.query);
    const user = await currentUser(ctx, req);
    const radiusMeters = q.radius * 1000;
    const base = { latitude: q.latitude, longitude: q.longitude, radiusMeters, search: q.search };
    if (q.hour === undefined) return withLive(ctx, (await venuesNear(ctx, { ...base, limit: q.limit })).map((r) => presentVenue(r)), user?.id);
    // Suggestions for an hour of the day, personal when the caller has preferred vibes.
    const preferred = user?.preferred_vibes ?? [];
    const rows = await venuesNear(ctx, { ...base, limit: MATCH_CANDIDATES });
    const hour = q.hour;
    return withLive(
      ctx,
      rows
        .map((r) => ({ r, rank: suggestionRank({ category: r.category, vibeScores: r.vibe_scores }, hour, preferred, r.meters!, radiusMeters) }))
        .sort((a, b) => b.rank - a.rank)
        .slice(0, q.limit)
        .map(({ r }) => presentVenue(r)),
      user?.id,
    );
  });

  app.get("/api/venues/:externalId/details", async (req) => {
    // An id that cannot exist is simply unknown.
    const parsed = externalIdParam.safeParse(req.params);
    const venue = parsed.success ? await venueByExternalId(db, parsed.data.externalId) : null;
    if (!venue) throw notFound("Venue not found");
    return venueDetails(db, venue);
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
    const position = at.latitude !== undefined && at.longitude !== undefined ? { latitude: at.latitude, longitude: at.longitude } : undefined;
    return withLive(ctx, (await favoriteVenues(db, user.id, position)).map((r) => presentVenue(r)));
  });

  app.get("/api/vibes/current", async (req) => {
    const user = await requireUser(ctx, req);
    const rows = await db.query<{ vibes: string[] }>(
      "SELECT vibes FROM vibe_selections WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [user.id],
    );
    return { vibes: rows[0]?.vibes ?? [] };
  });

  app.post("/api/vibes", async (req) => {
    const user = await requireUser(ctx, req);
    // Spec 6: saving vibes needs a signed-in user with an email.
    if (!user.email) throw forbidden("Sign up with an email to save your vibes");
    const body = parse(saveVibesBody, req.body);
    // Spec 6: vibes are private unless the person shares their vibes.
    const isPrivate = body.isPrivate || !user.privacy_share_vibes;
    await db.query("INSERT INTO vibe_selections (user_id, vibes, is_private) VALUES ($1, $2::text[], $3)", [user.id, body.vibes, isPrivate]);
    return { vibes: body.vibes, isPrivate };
  });
}
