import type { FastifyInstance } from "fastify";
import { FRIENDS_MESSAGES } from "@shared/vocabulary";
import { friendRequestBody, userIdParam, userSearchQuery, USER_SEARCH_RESULTS } from "@shared/contracts/social";
import { requireUser, type AppContext } from "../context";
import { badRequest, conflict, forbidden, notFound, parse } from "../http/errors";
import { areFriends } from "./policy";
import {
  acceptRequest,
  blockBetween,
  friendsOf,
  incomingRequests,
  insertFriendRequest,
  pendingRequester,
  rejectRequest,
  searchUsers,
  userExists,
} from "./queries";

export function friendRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, bus } = ctx;

  app.get("/api/users/search", async (req) => {
    const me = await requireUser(ctx, req);
    // A one-tap guest account costs nothing: looking people up needs a registered one.
    if (me.is_guest) throw forbidden(FRIENDS_MESSAGES.guestSearch);
    const { q } = parse(userSearchQuery, req.query);
    return searchUsers(db, me.id, q, USER_SEARCH_RESULTS, ctx.config.adminEmails);
  });

  app.post("/api/friends/request", async (req, reply) => {
    const me = await requireUser(ctx, req);
    const { friendId } = parse(friendRequestBody, req.body);
    if (friendId === me.id) throw badRequest("You cannot send a friend request to yourself");
    if (!(await userExists(db, friendId))) throw notFound("User not found");
    // Someone who blocked the caller is, to the caller, no one; one the caller blocked must be unblocked first.
    const block = await blockBetween(db, me.id, friendId);
    if (block === "theirs") throw notFound("User not found");
    if (block === "mine") throw conflict("You blocked this person: unblock them first");
    if (await areFriends(db, me.id, friendId)) throw conflict("You are already friends");
    const requester = await pendingRequester(db, me.id, friendId);
    if (requester) {
      throw conflict(
        requester === me.id ? "Friend request already sent" : "They already sent you a request: accept it in Requests",
      );
    }
    let request: { id: string; created_at: Date };
    try {
      request = await insertFriendRequest(db, me.id, friendId);
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
    return incomingRequests(db, me.id);
  });

  app.post("/api/friends/accept/:userId", async (req) => {
    const me = await requireUser(ctx, req);
    const { userId } = parse(userIdParam, req.params);
    // Only the recipient can accept: the request must be from :userId to the caller.
    if (!(await acceptRequest(db, userId, me.id))) throw notFound("No pending friend request from this person");
    await bus
      .publish({
        to: { userId },
        message: { type: "friend_accepted", user: { id: me.id, firstName: me.first_name, lastName: me.last_name } },
      })
      .catch(() => {});
    return { status: "accepted" };
  });

  app.post("/api/friends/reject/:userId", async (req) => {
    const me = await requireUser(ctx, req);
    const { userId } = parse(userIdParam, req.params);
    if (!(await rejectRequest(db, userId, me.id))) throw notFound("No pending friend request from this person");
    return { status: "rejected" };
  });

  app.get("/api/friends", async (req) => friendsOf(db, (await requireUser(ctx, req)).id));
}
