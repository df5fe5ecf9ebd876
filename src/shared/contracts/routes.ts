import { z } from "zod";
import { analysisResultSchema, analyzeBody, servicesSchema, syncResultSchema, syncVenuesBody } from "./admin";
import {
  emailVerifiedSchema,
  forgotPasswordBody,
  healthSchema,
  loginBody,
  readinessSchema,
  resetPasswordBody,
  signInLinkBody,
  useSignInLinkBody,
  signupBody,
  userSchema,
  verifyEmailBody,
  verifyPreviewBody,
  verifyPreviewSchema,
} from "./auth";
import {
  assignOwnerBody,
  broadcastResultSchema,
  ownerAssignedSchema,
  venueStatsSchema,
  venueUpdateBody,
} from "./business";
import { messageSchema, noInput } from "./common";
import { naturalLanguageBody, naturalLanguageResultSchema } from "./discover";
import { mapStyleSchema } from "./map";
import { clientMessageSchema } from "./realtime";
import {
  deletedReviewSchema,
  myReviewSchema,
  removedReviewSchema,
  removeReviewBody,
  reviewBody,
  reviewIdParam,
  venueReviewsSchema,
} from "./reviews";
import {
  blockBody,
  blockedPersonSchema,
  blockResultSchema,
  commentSchema,
  createCommentBody,
  createGroupBody,
  createPostBody,
  feedPageSchema,
  feedQuery,
  friendAnswerSchema,
  friendRequestBody,
  friendRequestItemSchema,
  friendRequestSentSchema,
  friendSchema,
  groupDeletedSchema,
  groupIdParam,
  groupLeftSchema,
  groupSchema,
  groupVenuesSchema,
  likeResultSchema,
  postIdParam,
  postSchema,
  preferencesBody,
  privacyBody,
  userIdParam,
  userSearchQuery,
  userSearchResultSchema,
} from "./social";
import { venueVibeVotesSchema, vibeVoteBody, vibeVoteParams } from "./vibe-votes";
import {
  currentVibesSchema,
  externalIdParam,
  favoriteToggleSchema,
  matchQuery,
  nearbyQuery,
  positionQuery,
  proxyImageQuery,
  saveVibesBody,
  savedVibesSchema,
  venueDetailsSchema,
  venueIdParam,
  venueListSchema,
  venueSchema,
} from "./venues";

/** An answer that is not JSON: what it is instead (an image, a redirect, an HTML page, a websocket). */
export interface NotJson {
  notJson: "image" | "redirect" | "html or redirect" | "websocket";
}
const notJson = (what: NotJson["notJson"]): NotJson => ({ notJson: what });

/**
 * Every endpoint's contract: what its request may carry (path parameters, query, body; `noInput`
 * when it reads nothing) and the schema of its 2xx answer. Errors are `errorSchema` everywhere.
 * tests/api/authz-matrix.test.ts checks that every registered route has an entry here, and that
 * every JSON answer it gets from the running app parses with the entry's response schema.
 */
export interface RouteContract {
  request: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  response: z.ZodType | NotJson;
}

const none = { query: noInput };

export const ROUTE_CONTRACTS = {
  "GET /api/health": { request: none, response: healthSchema },
  "GET /api/health/ready": { request: none, response: readinessSchema },
  "GET /api/map/style": { request: none, response: mapStyleSchema },

  "POST /auth/email/signup": { request: { body: signupBody }, response: messageSchema },
  "POST /auth/email/login": { request: { body: loginBody }, response: userSchema },
  "POST /auth/email/forgot-password": { request: { body: forgotPasswordBody }, response: messageSchema },
  "POST /auth/email/reset-password": { request: { body: resetPasswordBody }, response: userSchema },
  "POST /auth/email/sign-in-link": { request: { body: signInLinkBody }, response: messageSchema },
  "POST /auth/email/sign-in-link/use": { request: { body: useSignInLinkBody }, response: userSchema },
  "POST /auth/email/verify": { request: { body: verifyEmailBody }, response: emailVerifiedSchema },
  "POST /auth/email/verify/preview": { request: { body: verifyPreviewBody }, response: verifyPreviewSchema },
  "POST /api/auth/verification-email": { request: none, response: messageSchema },
  "POST /api/auth/logout-everywhere": { request: none, response: messageSchema },
  /** Development only: a guest-like account without a password. */
  "POST /api/auth/dev-login": { request: none, response: userSchema },
  "GET /api/logout": { request: none, response: notJson("redirect") },
  "GET /api/auth/me": { request: none, response: userSchema },
  "GET /auth/google": { request: none, response: notJson("html or redirect") },
  "GET /auth/google/callback": {
    request: { query: z.record(z.string(), z.string()) },
    response: notJson("html or redirect"),
  },
  "POST /auth/google/callback": { request: { body: z.unknown() }, response: notJson("html or redirect") },
  "GET /auth/apple": { request: none, response: notJson("html or redirect") },
  "GET /auth/apple/callback": {
    request: { query: z.record(z.string(), z.string()) },
    response: notJson("html or redirect"),
  },
  "POST /auth/apple/callback": {
    request: { body: z.record(z.string(), z.string()) },
    response: notJson("html or redirect"),
  },
  "GET /auth/x": { request: none, response: notJson("html or redirect") },
  "GET /auth/x/callback": {
    request: { query: z.record(z.string(), z.string()) },
    response: notJson("html or redirect"),
  },
  "POST /auth/x/callback": { request: { body: z.unknown() }, response: notJson("html or redirect") },

  "GET /api/venues/match-public": { request: { query: matchQuery }, response: venueListSchema },
  "GET /api/venues/nearby": { request: { query: nearbyQuery }, response: venueListSchema },
  "GET /api/venues/:externalId": {
    request: { params: externalIdParam, query: positionQuery },
    response: venueSchema,
  },
  /** A venue's page (src/shared/venue-path.ts): the client with its preview tags, or a redirect to its own path */
  "GET /venues/*": { request: none, response: notJson("html or redirect") },
  "GET /api/venues/:externalId/details": { request: { params: externalIdParam }, response: venueDetailsSchema },
  "POST /api/favorites/:id": { request: { params: venueIdParam }, response: favoriteToggleSchema },
  "GET /api/favorites": { request: { query: positionQuery }, response: venueListSchema },
  "GET /api/vibes/current": { request: none, response: currentVibesSchema },
  "POST /api/vibes": { request: { body: saveVibesBody }, response: savedVibesSchema },
  "DELETE /api/vibes/current": { request: none, response: currentVibesSchema },
  "GET /api/venues/:externalId/reviews": { request: { params: externalIdParam }, response: venueReviewsSchema },
  "PUT /api/venues/:externalId/reviews/mine": {
    request: { params: externalIdParam, body: reviewBody },
    response: myReviewSchema,
  },
  "DELETE /api/venues/:externalId/reviews/mine": {
    request: { params: externalIdParam },
    response: deletedReviewSchema,
  },
  "POST /api/admin/reviews/:id/remove": {
    request: { params: reviewIdParam, body: removeReviewBody },
    response: removedReviewSchema,
  },
  "GET /api/venues/:externalId/vibe-votes": { request: { params: externalIdParam }, response: venueVibeVotesSchema },
  "PUT /api/venues/:externalId/vibe-votes/:vibe": {
    request: { params: vibeVoteParams, body: vibeVoteBody },
    response: venueVibeVotesSchema,
  },
  "DELETE /api/venues/:externalId/vibe-votes/:vibe": {
    request: { params: vibeVoteParams },
    response: venueVibeVotesSchema,
  },
  "GET /api/proxy-image": { request: { query: proxyImageQuery }, response: notJson("image") },

  "GET /api/posts/feed": { request: { query: feedQuery }, response: feedPageSchema },
  "POST /api/posts": { request: { body: createPostBody }, response: postSchema },
  "POST /api/posts/:id/like": { request: { params: postIdParam }, response: likeResultSchema },
  "GET /api/posts/:id/comments": { request: { params: postIdParam }, response: z.array(commentSchema) },
  "POST /api/posts/:id/comments": {
    request: { params: postIdParam, body: createCommentBody },
    response: commentSchema,
  },
  "GET /api/users/search": { request: { query: userSearchQuery }, response: z.array(userSearchResultSchema) },
  "POST /api/friends/request": { request: { body: friendRequestBody }, response: friendRequestSentSchema },
  "GET /api/friends/requests": { request: none, response: z.array(friendRequestItemSchema) },
  "POST /api/friends/accept/:userId": { request: { params: userIdParam }, response: friendAnswerSchema },
  "POST /api/friends/reject/:userId": { request: { params: userIdParam }, response: friendAnswerSchema },
  "GET /api/friends": { request: none, response: z.array(friendSchema) },
  "GET /api/groups": { request: none, response: z.array(groupSchema) },
  "POST /api/groups": { request: { body: createGroupBody }, response: groupSchema },
  "DELETE /api/groups/:id": { request: { params: groupIdParam }, response: groupDeletedSchema },
  "POST /api/groups/:id/leave": { request: { params: groupIdParam }, response: groupLeftSchema },
  "GET /api/groups/:id/venues": { request: { params: groupIdParam, query: matchQuery }, response: groupVenuesSchema },
  "GET /api/blocks": { request: none, response: z.array(blockedPersonSchema) },
  "POST /api/blocks": { request: { body: blockBody }, response: blockResultSchema },
  "DELETE /api/blocks/:userId": { request: { params: userIdParam }, response: blockResultSchema },
  "PATCH /api/users/preferences": { request: { body: preferencesBody }, response: userSchema },
  "PATCH /api/users/privacy": { request: { body: privacyBody }, response: userSchema },

  "POST /api/admin/venues/:id/owner": {
    request: { params: venueIdParam, body: assignOwnerBody },
    response: ownerAssignedSchema,
  },
  "GET /api/my-venues": { request: none, response: venueListSchema },
  "POST /api/venues/:id/updates": {
    request: { params: venueIdParam, body: venueUpdateBody },
    response: broadcastResultSchema,
  },
  "GET /api/my-venues/:id/stats": { request: { params: venueIdParam }, response: venueStatsSchema },

  "POST /api/discover/natural-language": {
    request: { body: naturalLanguageBody },
    response: naturalLanguageResultSchema,
  },

  "POST /api/admin/sync-venues": { request: { body: syncVenuesBody }, response: syncResultSchema },
  "GET /api/admin/services": { request: none, response: servicesSchema },
  "POST /api/admin/analyze-sentiment": { request: { body: analyzeBody }, response: analysisResultSchema },

  /** The upgrade; then messages are contracts/realtime.ts's (ClientMessage in, ServerMessage out). */
  "GET /ws": { request: { body: clientMessageSchema }, response: notJson("websocket") },
} satisfies Record<string, RouteContract>;

export type RouteKey = keyof typeof ROUTE_CONTRACTS;
