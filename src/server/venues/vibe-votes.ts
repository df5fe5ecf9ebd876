import type { FastifyInstance } from "fastify";
import { type VenueVibeVotes, vibeVoteBody, vibeVoteParams } from "@shared/contracts/vibe-votes";
import { ALL_VIBES, VIBE_VOTES } from "@shared/vocabulary";
import { currentUser, requireUser, type AppContext } from "../context";
import type { UserRow } from "../auth/users";
import { forbidden, parse } from "../http/errors";
import { memberWeight } from "../vibes/blend";
import { venueByExternalId } from "./queries";
import { refreshMemberVibes } from "./reviews";
import { venueOfParams } from "./routes";
import { castVote, countedVotes, queuedReblends, myVotes, removeVote, voterStanding } from "./vibe-vote-queries";

/**
 * Crowd vibe votes (docs/vibe-votes.md): "What's the vibe here?", one Yes or No per person, venue
 * and vibe. A vote blends the venue again (like a review: sync/write.ts reblendVenue), and the
 * venue row's change reaches every instance's catalog through the change feed.
 */

type Venue = NonNullable<Awaited<ReturnType<typeof venueByExternalId>>>;

/** Guests and accounts without a proven email or a provider sign-in may not vote (403, saying why). */
async function requireVoter(ctx: AppContext, user: UserRow) {
  if (user.is_guest) throw forbidden(VIBE_VOTES.guestRefused);
  if (!(await voterStanding(ctx.db, null, user.id)).proven) throw forbidden(VIBE_VOTES.unprovenRefused);
}

/** The venue's votes as `user` sees them (the same answer for the three routes). */
async function answer(ctx: AppContext, venue: Venue, user: UserRow | null, now = new Date()): Promise<VenueVibeVotes> {
  const votes = (await countedVotes(ctx.db, [venue.id])).get(venue.id) ?? [];
  const tally = new Map(ALL_VIBES.map((vibe) => [vibe, { vibe, yes: 0, no: 0 }]));
  for (const v of votes) {
    const t = tally.get(v.vibe);
    // the votes the blend still counts: two years at most
    if (t && memberWeight(v.time, now) > 0) t[v.yes ? "yes" : "no"]++;
  }
  const you = { mine: {}, canVote: false, counted: false, notice: null as string | null };
  if (!user) you.notice = VIBE_VOTES.signedOut;
  else if (user.is_guest) you.notice = VIBE_VOTES.guestRefused;
  else {
    const [standing, mine] = await Promise.all([
      voterStanding(ctx.db, venue.id, user.id),
      myVotes(ctx.db, venue.id, user.id),
    ]);
    you.mine = mine;
    you.canVote = standing.proven;
    you.counted = standing.proven && !standing.owner && !standing.reviewRemoved;
    you.notice = !standing.proven
      ? VIBE_VOTES.unprovenRefused
      : standing.owner
        ? VIBE_VOTES.ownerNotCounted
        : standing.reviewRemoved
          ? VIBE_VOTES.removedNotCounted
          : null;
  }
  return {
    counts: [...tally.values()],
    ...you,
    vibeScores: venue.vibe_scores ?? {},
    detectedVibes: venue.detected_vibes ?? [],
  };
}

/** The venue as stored now (its scores after this request's blend). */
async function reread(ctx: AppContext, venue: Venue): Promise<Venue> {
  return (await venueByExternalId(ctx.db, venue.external_id)) ?? venue;
}

/**
 * Tells every connected client, on every instance (the bus), the venue's vibes after a vote's blend:
 * an open details panel and the venue's cards follow (docs/vibe-votes.md, "Live"). A bus that cannot
 * deliver costs the others the push, never the vote: their next read has it.
 */
async function announceVibes(ctx: AppContext, venue: Venue, log: { warn: (o: object, m: string) => void }) {
  await ctx.bus
    .publish({
      to: "all",
      message: {
        type: "venue_vibes",
        venueId: venue.id,
        externalId: venue.external_id,
        vibeScores: venue.vibe_scores ?? {},
        detectedVibes: venue.detected_vibes ?? [],
      },
    })
    .catch((err: unknown) => log.warn({ err }, "vibe vote stored but not broadcast"));
}

export function vibeVoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.get("/api/venues/:externalId/vibe-votes", async (req) => {
    const venue = await venueOfParams(db, req.params);
    return answer(ctx, venue, await currentUser(ctx, req));
  });

  app.put("/api/venues/:externalId/vibe-votes/:vibe", async (req) => {
    const user = await requireUser(ctx, req);
    await requireVoter(ctx, user);
    const { vibe } = parse(vibeVoteParams, req.params);
    const { vote } = parse(vibeVoteBody, req.body);
    const venue = await venueOfParams(db, req.params);
    await castVote(db, venue.id, user.id, vibe, vote === "yes");
    await refreshMemberVibes(ctx, venue.id);
    const now = await reread(ctx, venue);
    await announceVibes(ctx, now, req.log);
    return answer(ctx, now, user);
  });

  app.delete("/api/venues/:externalId/vibe-votes/:vibe", async (req) => {
    const user = await requireUser(ctx, req);
    await requireVoter(ctx, user);
    const { vibe } = parse(vibeVoteParams, req.params);
    const venue = await venueOfParams(db, req.params);
    // removing a vote that is not there leaves things as they are (a second tap, a retry)
    const removed = await removeVote(db, venue.id, user.id, vibe);
    if (removed) await refreshMemberVibes(ctx, venue.id);
    const now = await reread(ctx, venue);
    if (removed) await announceVibes(ctx, now, req.log);
    return answer(ctx, now, user);
  });
}

/** After a queued blend failed (the database away a moment), the queue is read again this much later. */
export const REBLEND_RETRY_MS = 5000;

/**
 * Blends again the venues queued without a request to do it (an account deleted: migration 020's
 * venue_reblends), as the change feed announces them and once at start for any queued while no
 * instance listened. Each queued venue is claimed by one instance, in the transaction of its blend:
 * a blend that fails leaves it queued, and the whole queue is read again REBLEND_RETRY_MS later.
 * Returns a function that stops.
 */
export function startQueuedReblends(ctx: AppContext, onError: (err: unknown) => void): () => Promise<void> {
  let chain = Promise.resolve();
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const run = (ids: readonly string[] | "*") => {
    chain = chain
      .then(async () => {
        if (stopped) return;
        for (const id of await queuedReblends(ctx.db, ids))
          await refreshMemberVibes(ctx, id, new Date(), { queued: true });
      })
      .catch((err) => {
        onError(err);
        if (stopped || retry) return;
        retry = setTimeout(() => {
          retry = null;
          void run("*");
        }, REBLEND_RETRY_MS);
        retry.unref();
      });
    return chain;
  };
  const off = ctx.changes.on("reblend", (changed) => run(changed));
  void run("*");
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    off();
    await chain;
  };
}
