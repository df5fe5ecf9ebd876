import { z } from "zod";
import { commentSchema, personSchema } from "./social";
import { latestUpdateSchema } from "./venues";

/**
 * Every message of the /ws endpoint (src/server/realtime/ws.ts), discriminated on `type`.
 * The server publishes the events through its bus (realtime/bus.ts) and answers a socket's own
 * messages; the client (src/client/lib/realtime.ts and realtime-provider.tsx) reads them by type.
 */

/** A venue's live status changed (a business broadcast): sent to everyone connected. */
export const venueUpdateMessage = z.object({
  type: z.literal("venue_update"),
  venueId: z.number(),
  externalId: z.string(),
  name: z.string(),
  latestUpdate: latestUpdateSchema,
});
/**
 * A venue's vibes changed because of VIBE's people (a crowd vibe vote, docs/vibe-votes.md): its new
 * scores and matched vibes, sent to everyone connected, so open details and cards follow.
 */
export const venueVibesMessage = z.object({
  type: z.literal("venue_vibes"),
  venueId: z.number(),
  externalId: z.string(),
  vibeScores: z.record(z.string(), z.number()),
  detectedVibes: z.array(z.string()),
});
/** Someone asked the subscriber to be friends. */
export const friendRequestMessage = z.object({ type: z.literal("friend_request"), user: personSchema });
/** The subscriber's friend request was accepted. */
export const friendAcceptedMessage = z.object({ type: z.literal("friend_accepted"), user: personSchema });
/** A friend posted. */
export const friendPostMessage = z.object({ type: z.literal("friend_post"), postId: z.string(), user: personSchema });
/** Someone liked the subscriber's post. */
export const postLikedMessage = z.object({ type: z.literal("post_liked"), postId: z.string(), user: personSchema });
/** Someone commented on the subscriber's post. */
export const postCommentedMessage = z.object({
  type: z.literal("post_commented"),
  postId: z.string(),
  comment: commentSchema,
});

/** The events published through the bus to sockets (everyone, or subscribed people). */
export const eventMessageSchema = z.discriminatedUnion("type", [
  venueUpdateMessage,
  venueVibesMessage,
  friendRequestMessage,
  friendAcceptedMessage,
  friendPostMessage,
  postLikedMessage,
  postCommentedMessage,
]);
export type EventMessage = z.infer<typeof eventMessageSchema>;

/** The server's answers to a socket's own messages. */
export const replyMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("subscribed"), userId: z.string() }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ReplyMessage = z.infer<typeof replyMessageSchema>;

/** Everything the server sends on a socket. */
export const serverMessageSchema = z.discriminatedUnion("type", [
  ...eventMessageSchema.options,
  ...replyMessageSchema.options,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** What a client sends: a ping every 30 s, and one subscribe with its own user id. */
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("subscribe"), userId: z.string() }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
