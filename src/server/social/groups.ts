import type { FastifyInstance } from "fastify";
import { createGroupBody, groupIdParam, type Group } from "@shared/contracts/social";
import { matchQuery } from "@shared/contracts/venues";
import { requireUser, type AppContext } from "../context";
import type { Queryable } from "../db/client";
import { badRequest, forbidden, notFound, parse } from "../http/errors";
import { matchVenues, presentMatched } from "../venues/service";
import { blendGroupVibes } from "./mixed-vibes";

interface MemberRow {
  group_id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  preferred_vibes: string[];
  privacy_share_vibes: boolean;
  current: string[] | null;
}

/** Groups the caller created or belongs to, each with its members and mixed vibes. */
async function groupsOf(db: Queryable, userId: string, onlyGroupId?: string): Promise<Group[]> {
  const groups = await db.query<{ id: string; name: string; creator_id: string }>(
    `SELECT g.id, g.name, g.creator_id FROM friend_groups g
      WHERE EXISTS (SELECT 1 FROM friend_group_members m WHERE m.group_id = g.id AND m.user_id = $1)
        AND ($2::uuid IS NULL OR g.id = $2::uuid)
      ORDER BY g.created_at DESC, g.id`,
    [userId, onlyGroupId ?? null],
  );
  if (!groups.length) return [];
  // Each member's shared vibes: only with privacyShareVibes on, and only selections they did not keep private.
  const members = await db.query<MemberRow>(
    `SELECT m.group_id, u.id AS user_id, u.first_name, u.last_name, u.preferred_vibes, u.privacy_share_vibes,
            (SELECT s.vibes FROM vibe_selections s WHERE s.user_id = u.id AND NOT s.is_private
              ORDER BY s.created_at DESC, s.id DESC LIMIT 1) AS current
       FROM friend_group_members m JOIN users u ON u.id = m.user_id
      WHERE m.group_id = ANY($1::uuid[])
      ORDER BY u.first_name, u.last_name, u.id`,
    [groups.map((g) => g.id)],
  );
  return groups.map((g) => {
    const own = members.filter((m) => m.group_id === g.id);
    return {
      id: g.id,
      name: g.name,
      memberCount: own.length,
      mixedVibes: blendGroupVibes(
        own.map((m) => (m.privacy_share_vibes ? { current: m.current ?? [], preferred: m.preferred_vibes } : { current: [], preferred: [] })),
      ),
      isCreator: g.creator_id === userId,
      members: own.map((m) => ({ id: m.user_id, firstName: m.first_name, lastName: m.last_name })),
    };
  });
}

export function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.get("/api/groups", async (req) => groupsOf(db, (await requireUser(ctx, req)).id));

  app.post("/api/groups", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const body = parse(createGroupBody, req.body);
    // The creator is always a member; the others must all be the creator's friends.
    const memberIds = body.memberIds.filter((id) => id !== me.id);
    if (!memberIds.length) throw badRequest("Please select at least one friend");
    const friends = await db.query<{ friend_id: string }>("SELECT friend_id FROM friendships WHERE user_id = $1 AND friend_id = ANY($2::uuid[])", [me.id, memberIds]);
    if (friends.length !== memberIds.length) throw badRequest("Every member must be one of your friends");
    const id = await db.transaction(async (tx) => {
      const [g] = await tx.query<{ id: string }>("INSERT INTO friend_groups (name, creator_id) VALUES ($1, $2) RETURNING id", [body.name, me.id]);
      await tx.query("INSERT INTO friend_group_members (group_id, user_id) SELECT $1, unnest($2::uuid[])", [g.id, [me.id, ...memberIds]]);
      return g.id;
    });
    const [group] = await groupsOf(db, me.id, id);
    return reply.status(201).send(group);
  });

  app.delete("/api/groups/:id", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(groupIdParam, req.params);
    const [group] = await groupsOf(db, me.id, id);
    if (!group) throw notFound("Group not found");
    if (!group.isCreator) throw forbidden("Only the group's creator can delete it");
    await db.query("DELETE FROM friend_groups WHERE id = $1", [id]);
    return { deleted: true };
  });

  // Venues for the whole group: the usual match, on the group's mixed vibes.
  app.get("/api/groups/:id/venues", async (req) => {
    const me = await requireUser(ctx, req);
    const { id } = parse(groupIdParam, req.params);
    const [group] = await groupsOf(db, me.id, id);
    if (!group) throw notFound("Group not found");
    const q = parse(matchQuery, { vibes: "all", ...(req.query as object) });
    const vibes = group.mixedVibes.length ? group.mixedVibes : q.vibes === "all" ? [] : q.vibes;
    const venues = await matchVenues(ctx, { latitude: q.latitude, longitude: q.longitude, radiusKm: q.radius, vibes, category: q.category, search: q.search, userId: me.id });
    return { vibes, venues: venues.map(presentMatched) };
  });
}
