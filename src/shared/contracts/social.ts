import { z } from "zod";
import {
  ALL_VIBES,
  BUDGET_OPTIONS,
  DIETARY_OPTIONS,
  FAVORITE_CATEGORY_OPTIONS,
  LIMITS,
  PREFERENCE_VIBES,
  SOCIAL_LIMITS,
  TEXT,
} from "../vocabulary";
import { hasVisibleCharacter } from "../text";
import { checkInRating } from "./reviews";
import { cleaned, decimal } from "./common";
import { venueSchema } from "./venues";

export const GROUP_MEMBERS_MAX = 50;
export const FEED_PAGE_DEFAULT = 50;
export const FEED_PAGE_MAX = 100;
export const USER_SEARCH_RESULTS = 20;

const uuid = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .pipe(z.uuid({ error: `Unknown ${what.toLowerCase()}` }));
const vibeList = (min: number, max: number, known: readonly string[] = ALL_VIBES) =>
  z
    .array(z.string({ error: "Each vibe must be text" }), { error: "vibes must be a list" })
    .min(min, "Select at least one vibe")
    .max(max, `Select at most ${max} vibes`)
    .refine((l) => l.every((v) => known.includes(v)), "Unknown vibe")
    .transform((l) => [...new Set(l)]);

const optionalText = (max: number, what: string, multiline = false) =>
  cleaned(
    z
      .string({ error: `${what} must be text` })
      .max(max, `${what} can be at most ${max} characters`)
      .nullish()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    { multiline },
  );

/** POST /api/posts */
export const createPostBody = z.object({
  venueId: z
    .number({ error: "venueId must be a number" })
    .int("venueId must be a whole number")
    .positive("Unknown venue")
    .nullish()
    .transform((v) => v ?? null),
  locationText: optionalText(SOCIAL_LIMITS.locationTextMax, "Location"),
  vibes: vibeList(LIMITS.vibesMin, LIMITS.vibesMax),
  content: optionalText(SOCIAL_LIMITS.postContentMax, "Caption", true),
  /** A check-in's rating of the venue it names (1-5): it becomes the person's review's rating (docs/reviews.md). */
  rating: checkInRating,
});

/** POST /api/posts/:id/comments */
export const createCommentBody = z.object({
  content: cleaned(
    z
      .string({ error: "Comment must be text" })
      .max(SOCIAL_LIMITS.commentMax, `Comment can be at most ${SOCIAL_LIMITS.commentMax} characters`)
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, "Comment cannot be empty"),
    { multiline: true },
  ),
});

export const postIdParam = z.object({ id: uuid("Post") });
export const userIdParam = z.object({ userId: uuid("User") });
export const groupIdParam = z.object({ id: uuid("Group") });

/** GET /api/posts/feed: pages by an opaque cursor (the last post's time and id). */
export const feedQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: decimal(
    z
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(FEED_PAGE_MAX, `limit can be at most ${FEED_PAGE_MAX}`),
  ).default(FEED_PAGE_DEFAULT),
});

export const userSearchQuery = z.object({
  q: z
    .string({ error: "Search needs at least 2 characters" })
    .trim()
    .min(LIMITS.userSearchMin, "Search needs at least 2 characters")
    .max(100, "Search can be at most 100 characters"),
});

export const friendRequestBody = z.object({ friendId: uuid("User") });

/** POST /api/blocks: the person to block. DELETE /api/blocks/:userId unblocks. */
export const blockBody = z.object({ userId: uuid("User") });
export const blockResultSchema = z.object({ userId: z.string(), blocked: z.boolean() });
export type BlockResult = z.infer<typeof blockResultSchema>;
/** GET /api/blocks: the people the caller blocked, most recent first (no email: nothing to reach them by). */
export const blockedPersonSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const createGroupBody = z.object({
  name: cleaned(
    z
      .string({ error: "Please enter a group name" })
      .trim()
      .min(1, "Please enter a group name")
      .max(SOCIAL_LIMITS.groupNameMax, `Group names can be at most ${SOCIAL_LIMITS.groupNameMax} characters`)
      .refine(hasVisibleCharacter, TEXT.nameNeedsVisible),
  ),
  memberIds: z
    .array(uuid("Friend"), { error: "Please select at least one friend" })
    .min(1, "Please select at least one friend")
    .max(GROUP_MEMBERS_MAX, `A group can have at most ${GROUP_MEMBERS_MAX} friends`)
    .transform((l) => [...new Set(l)]),
});

const fromList = (list: readonly string[], what: string) =>
  z
    .array(z.string({ error: `Each ${what} must be text` }), { error: `${what} must be a list` })
    .max(list.length, `Too many ${what} values`)
    .refine((l) => l.every((v) => list.includes(v)), `Unknown ${what}`)
    .transform((l) => [...new Set(l)]);

/** PATCH /api/users/preferences: each field from the spec's lists; fields left out stay as they are. */
export const preferencesBody = z
  .object({
    preferredVibes: fromList(PREFERENCE_VIBES, "vibe").optional(),
    dietaryRestrictions: fromList(DIETARY_OPTIONS, "dietary restriction").optional(),
    budgetPreference: z
      .string({ error: "budgetPreference must be text" })
      .refine((v) => (BUDGET_OPTIONS as readonly string[]).includes(v), "Unknown budget")
      .nullish(),
    favoriteCategories: fromList(FAVORITE_CATEGORY_OPTIONS, "category").optional(),
  })
  .strict();

/** PATCH /api/users/privacy: the spec's three booleans and privacyFindByEmail; any left out stay as they are. */
export const privacyBody = z
  .object({
    privacyShareVibes: z.boolean({ error: "privacyShareVibes must be true or false" }).optional(),
    privacyShareLocation: z.boolean({ error: "privacyShareLocation must be true or false" }).optional(),
    privacyActivityFeed: z.boolean({ error: "privacyActivityFeed must be true or false" }).optional(),
    privacyFindByEmail: z.boolean({ error: "privacyFindByEmail must be true or false" }).optional(),
  })
  .strict();

/** Who did something: a post's author, a comment's writer, the sender of a realtime event. */
export const personSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** The Post of spec section 3. */
export const postSchema = z.object({
  id: z.string(),
  user: personSchema,
  createdAt: z.string(),
  vibes: z.array(z.string()),
  content: z.string().nullable(),
  venue: z.object({ id: z.number(), name: z.string(), externalId: z.string() }).nullable(),
  locationText: z.string().nullable(),
  likeCount: z.number(),
  commentCount: z.number(),
  isLiked: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;
export const feedPageSchema = z.array(postSchema);

export const commentSchema = z.object({
  id: z.string(),
  user: personSchema,
  content: z.string(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const friendshipStatus = z.enum(["none", "pending_sent", "pending_received", "friends"]);
export const userSearchResultSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  friendshipStatus,
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const friendRequestItemSchema = z.object({
  friendship: z.object({ id: z.string(), createdAt: z.string() }),
  user: z.object({
    id: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type FriendRequestItem = z.infer<typeof friendRequestItemSchema>;

export const friendSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Only what the friend shares (privacyShareVibes); empty otherwise. */
  preferredVibes: z.array(z.string()),
});
export type Friend = z.infer<typeof friendSchema>;

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number(),
  mixedVibes: z.array(z.string()),
  isCreator: z.boolean(),
  members: z.array(z.object({ id: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })),
});
export type Group = z.infer<typeof groupSchema>;

/** POST /api/posts/:id/like: whether the caller now likes the post, and its like count. */
export const likeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
export type LikeResult = z.infer<typeof likeResultSchema>;
/** 201 of POST /api/friends/request. */
export const friendRequestSentSchema = z.object({ id: z.string(), status: z.literal("pending") });
/** POST /api/friends/accept/:userId and /reject/:userId. */
export const friendAnswerSchema = z.object({ status: z.enum(["accepted", "rejected"]) });
export const groupDeletedSchema = z.object({ deleted: z.literal(true) });
export const groupLeftSchema = z.object({ left: z.literal(true) });
/** GET /api/groups/:id/venues: the members' shared vibes and the venues that match them. */
export const groupVenuesSchema = z.object({ vibes: z.array(z.string()), venues: z.array(venueSchema) });
export type GroupVenues = z.infer<typeof groupVenuesSchema>;
