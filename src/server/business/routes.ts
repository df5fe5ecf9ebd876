import type { FastifyInstance } from "fastify";
import { assignOwnerBody, venueUpdateBody, type VenueStats } from "@shared/contracts/business";
import { venueIdParam } from "@shared/contracts/venues";
import { normalizeEmail } from "../auth/users";
import { requireAdmin, requireUser, type AppContext } from "../context";
import type { Queryable } from "../db/client";
import { MAX_INT4 } from "../db/sql";
import { forbidden, notFound, parse } from "../http/errors";
import { presentLatestUpdate } from "../live/present";
import { withLive } from "../venues/live-state";
import { presentVenue, type VenueRow } from "../venues/queries";

const VENUE_SELECT = `SELECT v.id, v.external_id, v.name, v.category, v.description, v.address, v.latitude, v.longitude,
  v.image_url, v.rating, v.review_count, v.phone_number, v.website, v.hours, v.detected_vibes, v.vibe_scores,
  v.source, v.attribution, NULL::float8 AS meters`;

async function isOwner(db: Queryable, venueId: number, userId: string) {
  return (await db.query("SELECT 1 FROM venue_owners WHERE venue_id = $1 AND user_id = $2", [venueId, userId])).length > 0;
}

async function venueExists(db: Queryable, id: number) {
  return id <= MAX_INT4 && (await db.query("SELECT 1 FROM venues WHERE id = $1", [id])).length > 0;
}

export function businessRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus } = ctx;

  // Admins make an account an owner of a venue.
  app.post("/api/admin/venues/:id/owner", async (req, reply) => {
    await requireAdmin(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    const { email } = parse(assignOwnerBody, req.body);
    if (!(await venueExists(db, id))) throw notFound("Venue not found");
    const [user] = await db.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE lower(email) = $1", [normalizeEmail(email)]);
    if (!user) throw notFound("No account with that email");
    await db.query("INSERT INTO venue_owners (venue_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [id, user.id]);
    return reply.status(201).send({ venueId: id, userId: user.id, email: user.email });
  });

  // The caller's venues, oldest ownership first (the dashboard uses the first).
  app.get("/api/my-venues", async (req) => {
    const me = await requireUser(ctx, req);
    const rows = await db.query<VenueRow>(
      `${VENUE_SELECT}, (f.user_id IS NOT NULL) AS is_favorite
         FROM venue_owners o JOIN venues v ON v.id = o.venue_id
         LEFT JOIN favorites f ON f.venue_id = v.id AND f.user_id = $1
        WHERE o.user_id = $1 ORDER BY o.created_at, v.id`,
      [me.id],
    );
    return withLive(ctx, rows.map((r) => presentVenue(r)));
  });

  // An owner broadcasts the venue's live status; it is kept as history and sent to everyone.
  app.post("/api/venues/:id/updates", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    if (!(await venueExists(db, id))) throw notFound("Venue not found");
    if (!(await isOwner(db, id, me.id))) throw forbidden("Only this venue's owners can broadcast updates");
    const body = parse(venueUpdateBody, req.body);
    await db.query(
      `INSERT INTO venue_updates (venue_id, user_id, capacity_status, noise_level, current_vibes, special_notes, is_open)
       VALUES ($1, $2, $3, $4, $5::text[], $6, $7)`,
      [id, me.id, body.capacityStatus, body.noiseLevel, body.currentVibes, body.specialNotes, body.isOpen],
    );
    // this instance has read the venue's new live inputs before answering; others hear of it (live/store.ts)
    await ctx.changes.settle();
    const live = (await ctx.live.vibes([id])).get(id)!;
    const latestUpdate = presentLatestUpdate(live);
    const [venue] = await db.query<{ external_id: string; name: string }>("SELECT external_id, name FROM venues WHERE id = $1", [id]);
    await bus.publish({ to: "all", message: { type: "venue_update", venueId: id, externalId: venue.external_id, name: venue.name, latestUpdate } }).catch((err) => {
      req.log.warn({ err }, "venue update stored but not broadcast");
    });
    return reply.status(201).send({ venueId: id, latestUpdate });
  });

  // Measured figures for the owner's dashboard: nothing here is a placeholder.
  app.get("/api/my-venues/:id/stats", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    if (!(await venueExists(db, id))) throw notFound("Venue not found");
    if (me.role !== "admin" && !(await isOwner(db, id, me.id))) throw forbidden("Only this venue's owners can see its figures");
    const [row] = await db.query<Omit<VenueStats, "recentCheckIns" | "venueId">>(
      `SELECT
         (SELECT count(*)::int FROM posts WHERE venue_id = $1 AND created_at >= date_trunc('day', now())) AS "checkInsToday",
         (SELECT count(*)::int FROM posts WHERE venue_id = $1 AND created_at >= now() - interval '7 days') AS "checkInsThisWeek",
         (SELECT count(DISTINCT user_id)::int FROM posts WHERE venue_id = $1 AND created_at >= date_trunc('day', now())) AS "visitorsToday",
         (SELECT count(DISTINCT user_id)::int FROM posts WHERE venue_id = $1 AND created_at >= now() - interval '7 days') AS "visitorsThisWeek",
         (SELECT count(*)::int FROM favorites WHERE venue_id = $1) AS "saves",
         (SELECT coalesce(sum(count), 0)::int FROM venue_match_counts WHERE venue_id = $1 AND day = current_date) AS "searchMatchesToday",
         (SELECT coalesce(sum(count), 0)::int FROM venue_match_counts WHERE venue_id = $1 AND day > current_date - 7) AS "searchMatchesThisWeek",
         (SELECT rating FROM venues WHERE id = $1) AS "rating",
         (SELECT review_count FROM venues WHERE id = $1) AS "reviewCount",
         (SELECT count(*)::int FROM venue_updates WHERE venue_id = $1 AND created_at >= now() - interval '7 days') AS "broadcastsThisWeek"`,
      [id],
    );
    const recent = await db.query<{ vibes: string[]; created_at: Date }>(
      "SELECT vibes, created_at FROM posts WHERE venue_id = $1 ORDER BY created_at DESC LIMIT 10",
      [id],
    );
    return { venueId: id, ...row, recentCheckIns: recent.map((r) => ({ vibes: r.vibes, createdAt: new Date(r.created_at).toISOString() })) };
  });
}
