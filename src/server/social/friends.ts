import type { FastifyInstance } from "fastify";
import { friendRequestBody, userIdParam, userSearchQuery, USER_SEARCH_RESULTS, type Friend, type FriendRequestItem, type UserSearchResult } from "@shared/contracts/social";
import { requireUser, type AppContext } from "../context";
import { likeContains } from "../db/sql";
import { badRequest, conflict, notFound, parse } from "../http/errors";


export function friendRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus } = ctx;

  app.get("/api/users/search", async (req) => {
    const me = await requireUser(ctx, req);
    const { q } = parse(userSearchQuery, req.query);
    // Name or email, any case. Never the caller, never guests, never password or privacy fields.
    const rows = await db.query<{
      id: string;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      profile_image_url: string | null;
      status: UserSearchResult["friendshipStatus"];
    }>(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image_url,
              CASE WHEN EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = $1 AND f.friend_id = u.id) THEN 'friends'
                   WHEN EXISTS (SELECT 1 FROM friend_requests r WHERE r.requester_id = $1 AND r.addressee_id = u.id) THEN 'pending_sent'
                   WHEN EXISTS (SELECT 1 FROM friend_requests r WHERE r.requester_id = u.id AND r.addressee_id = $1) THEN 'pending_received'
                   ELSE 'none' END AS status
         FROM users u
        WHERE u.id <> $1 AND NOT u.is_guest
          AND lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || ' ' || coalesce(u.email, '')) LIKE $2 ESCAPE '\\'
        ORDER BY (lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE $3 ESCAPE '\\') DESC, u.first_name, u.last_name, u.email
        LIMIT $4`,
      [me.id, likeContains(q), likeContains(q).slice(1), USER_SEARCH_RESULTS],
    );
    return rows.map(
      (r): UserSearchResult => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, profileImageUrl: r.profile_image_url, friendshipStatus: r.status }),
    );
  });

  app.post("/api/friends/request", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const { friendId } = parse(friendRequestBody, req.body);
    if (friendId === me.id) throw badRequest("You cannot send a friend request to yourself");
    const [other] = await db.query<{ id: string }>("SELECT id FROM users WHERE id = $1", [friendId]);
    if (!other) throw notFound("User not found");
    if ((await db.query("SELECT 1 FROM friendships WHERE user_id = $1 AND friend_id = $2", [me.id, friendId])).length) {
      throw conflict("You are already friends");
    }
    const pending = await db.query<{ requester_id: string }>(
      "SELECT requester_id FROM friend_requests WHERE (requester_id = $1 AND addressee_id = $2) OR (requester_id = $2 AND addressee_id = $1)",
      [me.id, friendId],
    );
    if (pending.length) {
      throw conflict(pending[0].requester_id === me.id ? "Friend request already sent" : "They already sent you a request: accept it in Requests");
    }
    let request: { id: string; created_at: Date };
    try {
      [request] = await db.query<{ id: string; created_at: Date }>(
        "INSERT INTO friend_requests (requester_id, addressee_id) VALUES ($1, $2) RETURNING id, created_at",
        [me.id, friendId],
      );
    } catch (err) {
      if ((err as { code?: string }).code === "23505") throw conflict("Friend request already sent");
      throw err;
    }
    await bus
      .publish({
        to: { userId: friendId },
        message: { type: "friend_request", user: { id: me.id, firstName: me.first_name, lastName: me.last_name } },
      })
      .catch(() => {});
    return reply.status(201).send({ id: request.id, status: "pending" });
  });

  app.get("/api/friends/requests", async (req) => {
    const me = await requireUser(ctx, req);
    const rows = await db.query<{ id: string; created_at: Date; user_id: string; first_name: string | null; last_name: string | null; email: string | null }>(
      `SELECT r.id, r.created_at, u.id AS user_id, u.first_name, u.last_name, u.email
         FROM friend_requests r JOIN users u ON u.id = r.requester_id
        WHERE r.addressee_id = $1 ORDER BY r.created_at DESC LIMIT 200`,
      [me.id],
    );
    return rows.map(
      (r): FriendRequestItem => ({
        friendship: { id: r.id, createdAt: new Date(r.created_at).toISOString() },
        user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
      }),
    );
  });

  app.post("/api/friends/accept/:userId", async (req) => {
    const me = await requireUser(ctx, req);
    const { userId } = parse(userIdParam, req.params);
    // Only the recipient can accept: the request must be from :userId to the caller.
    const accepted = await db.transaction(async (tx) => {
      const removed = await tx.query("DELETE FROM friend_requests WHERE requester_id = $1 AND addressee_id = $2 RETURNING id", [userId, me.id]);
      if (!removed.length) return false;
      await tx.query("INSERT INTO friendships (user_id, friend_id) VALUES ($1, $2), ($2, $1) ON CONFLICT DO NOTHING", [me.id, userId]);
      return true;
    });
    if (!accepted) throw notFound("No pending friend request from this person");
    await bus
      .publish({ to: { userId }, message: { type: "friend_accepted", user: { id: me.id, firstName: me.first_name, lastName: me.last_name } } })
      .catch(() => {});
    return { status: "accepted" };
  });

  app.post("/api/friends/reject/:userId", async (req) => {
    const me = await requireUser(ctx, req);
    const { userId } = parse(userIdParam, req.params);
    const removed = await db.query("DELETE FROM friend_requests WHERE requester_id = $1 AND addressee_id = $2 RETURNING id", [userId, me.id]);
    if (!removed.length) throw notFound("No pending friend request from this person");
    return { status: "rejected" };
  });

  app.get("/api/friends", async (req) => {
    const me = await requireUser(ctx, req);
    const rows = await db.query<{
      id: string;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      profile_image_url: string | null;
      preferred_vibes: string[];
      privacy_share_vibes: boolean;
    }>(
      `SELECT u.id, u.first_name, u.last_name, u.email, u.profile_image_url, u.preferred_vibes, u.privacy_share_vibes
         FROM friendships f JOIN users u ON u.id = f.friend_id
        WHERE f.user_id = $1 ORDER BY u.first_name, u.last_name, u.email LIMIT 1000`,
      [me.id],
    );
    return rows.map(
      (r): Friend => ({
        id: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email,
        profileImageUrl: r.profile_image_url,
        // privacyShareVibes off: their vibes stay theirs.
        preferredVibes: r.privacy_share_vibes ? r.preferred_vibes : [],
      }),
    );
  });
}
