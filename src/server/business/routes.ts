import type { FastifyInstance } from "fastify";
import { assignOwnerBody, venueUpdateBody } from "@shared/contracts/business";
import { venueIdParam } from "@shared/contracts/venues";
import { findUserByEmail } from "../auth/users";
import { requireAdmin, requireUser, type AppContext } from "../context";
import { forbidden, notFound, parse } from "../http/errors";
import { presentLatestUpdate } from "../live/crowd";
import { withLive } from "../venues/live-state";
import { presentVenue } from "../venues/queries";
import { refreshMemberVibes } from "../venues/reviews";
import { hasVotes } from "../venues/vibe-vote-queries";
import { isVenueOwner } from "./policy";
import { addOwner, insertVenueUpdate, ownedVenues, venueExists, venueName, venueStats } from "./queries";

export function businessRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus } = ctx;

  // Admins make an account an owner of a venue.
  app.post("/api/admin/venues/:id/owner", async (req, reply) => {
    await requireAdmin(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    const { email } = parse(assignOwnerBody, req.body);
    if (!(await venueExists(db, id))) throw notFound("Venue not found");
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound("No account with that email");
    await addOwner(db, id, user.id);
    // an owner's votes on their own venue do not count (docs/vibe-votes.md): its blend drops them now
    if (await hasVotes(db, id, user.id)) await refreshMemberVibes(ctx, id);
    return reply.status(201).send({ venueId: id, userId: user.id, email: user.email });
  });

  // The caller's venues, oldest ownership first (the dashboard uses the first).
  app.get("/api/my-venues", async (req) => {
    const me = await requireUser(ctx, req);
    return withLive(
      ctx,
      (await ownedVenues(db, me.id)).map((r) => presentVenue(r, ctx.clock())),
    );
  });

  // An owner broadcasts the venue's live status; it is kept as history and sent to everyone.
  app.post("/api/venues/:id/updates", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    if (!(await venueExists(db, id))) throw notFound("Venue not found");
    if (!(await isVenueOwner(db, id, me.id))) throw forbidden("Only this venue's owners can broadcast updates");
    const body = parse(venueUpdateBody, req.body);
    // read back at once: the write returns once this instance's live inputs have it (readmodel/)
    await ctx.readModel.write(() => insertVenueUpdate(db, id, me.id, body));
    const live = (await ctx.live.vibes([id])).get(id)!;
    const latestUpdate = presentLatestUpdate(live);
    const venue = await venueName(db, id);
    await bus
      .publish({
        to: "all",
        message: { type: "venue_update", venueId: id, externalId: venue.external_id, name: venue.name, latestUpdate },
      })
      .catch((err) => {
        req.log.warn({ err }, "venue update stored but not broadcast");
      });
    return reply.status(201).send({ venueId: id, latestUpdate });
  });

  // Measured figures for the owner's dashboard: nothing here is a placeholder.
  app.get("/api/my-venues/:id/stats", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(venueIdParam, req.params);
    if (!(await venueExists(db, id))) throw notFound("Venue not found");
    if (me.role !== "admin" && !(await isVenueOwner(db, id, me.id)))
      throw forbidden("Only this venue's owners can see its figures");
    return venueStats(db, id);
  });
}
