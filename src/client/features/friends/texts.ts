// Screen texts and settings of the friends feature (../shared/product-spec.md).

import { FRIENDS_MESSAGES } from "@shared/vocabulary";

/** Group venue search: the default distance (10 miles) in kilometres. */
export const GROUP_VENUES_RADIUS_KM = 16.0934;

/** How many of a group's matching venues the Groups tab lists. */
export const GROUP_VENUES_SHOWN = 5;

/** Texts of the Friends screen and its Groups tab. */
export const FRIENDS_TEXT = {
  ...FRIENDS_MESSAGES,
  inviteFriends: "Invite Friends", // (spec)
  counters: { friends: "Friends", groups: "Groups", requests: "Requests" }, // (spec)
  tabs: { friends: "Friends", requests: "Requests", groups: "Groups", search: "Search" }, // (spec)
  tabsLabel: "Friends sections",
  searchLabel: "Search users",
  searchPlaceholder: "Search by name or email...",
  searchMin: "Type at least 2 characters to search",
  searching: "Searching...",
  noUsers: "No users found", // (spec)
  searchFailed: "Failed to search users", // (spec, thrown)
  guestSearchBody:
    "Guests cannot look people up: an account with your email can find " +
    "friends by name or exact email, and keeps what you did as a guest.",
  addFriend: "Add Friend",
  requestSent: "Request Sent",
  alreadyFriends: "Friends",
  respondInRequests: "Respond in Requests",
  requestSentToast: "Friend request sent", // (spec)
  sendFailed: "Failed to send request", // (spec)
  accept: "Accept",
  reject: "Reject",
  accepted: "You're now friends", // (spec)
  rejected: "Request rejected", // (spec)
  acceptFailed: "Failed to accept request", // (spec)
  rejectFailed: "Failed to reject request", // (spec)
  noRequests: "No New Requests", // (spec)
  noRequestsBody: "Friend requests you receive show up here.",
  findFriends: "Find Friends", // (spec)
  noFriends: "No friends yet",
  noFriendsBody: "Find people you know on VIBE, or invite them to join.",
  friendsLoadFailed: "Failed to load friends",
  requestsLoadFailed: "Failed to load friend requests",
  groupsLoadFailed: "Failed to load groups",
  retry: "Retry",
  errorTitle: "Error",
  createGroup: "Create Group Vibe", // (spec)
  createGroupDescription: "Name the group and pick the friends whose vibes to blend.",
  groupName: "Group name",
  groupNamePlaceholder: "Friday night crew",
  chooseFriends: "Friends in this group",
  groupNameRequired: "Please enter a group name", // (spec)
  groupMembersRequired: "Please select at least one friend", // (spec)
  createGroupSubmit: "Create Group",
  creatingGroup: "Creating...",
  cancel: "Cancel",
  noFriendsForGroup: "Add friends first to create a group vibe",
  groupCreated: "Group vibe created", // (spec)
  groupCreateFailed: "Failed to create group", // (spec)
  groupDeleted: "Group deleted", // (spec)
  groupDeleteFailed: "Failed to delete group", // (spec)
  deleteGroup: "Delete group",
  /** Asked before a group is deleted (not in the spec, whose list has a delete button only). */
  deleteGroupTitle: "Delete {name}?",
  deleteGroupDescription:
    "The group is deleted for every member, with its mixed vibes and picks. This cannot be undone.",
  deleteGroupConfirm: "Delete",
  deletingGroup: "Deleting...",
  noGroups: "No group vibes yet",
  noGroupsBody: "Create a group to blend your friends' vibes and find places that suit everyone.",
  mixedVibes: "Mixed vibes",
  noMixedVibes: "No shared vibes yet",
  findVenues: "Find venues",
  findingVenues: "Finding venues...",
  noGroupVenues: "No venues match this group's vibes nearby.",
  groupVenuesFailed: "Failed to fetch venues", // (spec, thrown)
  groupVenuesTitle: "Top picks for the group",
  leaveGroup: "Leave group",
  leftGroup: "You left the group",
  leaveGroupFailed: "Failed to leave group",
  block: "Block",
  blockTitle: "Block {name}?",
  blockDescription:
    "You will stop being friends and leave each other's groups. Neither of you can send the other a " +
    "request or find the other in search, and their comments are hidden from you. They are not told.",
  blockConfirm: "Block",
  blocking: "Blocking...",
  blocked: "Blocked",
  blockedToast: "{name} is blocked",
  blockFailed: "Failed to block",
  blockedListTitle: "Blocked",
  blockedListHint: "People you blocked. Unblocking lets them send you requests and find you again.",
  unblock: "Unblock",
  unblockedToast: "{name} is unblocked",
  unblockFailed: "Failed to unblock",
  blockedLoadFailed: "Failed to load blocked people",
} as const;

/** The Invite Friends dialog: the app link shared by email, TikTok, Instagram, X and Facebook (spec 2). */
export const INVITE_TEXT = {
  title: "Invite Friends", // (spec)
  description: "Share your link to VIBE by email or on social media.",
  linkLabel: "Your invite link",
  copyLink: "Copy link",
  emailSubject: "Join me on VIBE",
  message: "Find places that match your mood with me on VIBE.",
  email: "Email",
  tiktok: "TikTok",
  instagram: "Instagram",
  x: "X",
  facebook: "Facebook",
  newTab: "(opens in a new tab)",
  linkCopied: "Link copied",
  linkCopiedBody: "Paste it anywhere to invite your friends.",
  tiktokCopied: "Paste it in TikTok to invite your friends.",
  instagramCopied: "Paste it in Instagram to invite your friends.",
  copyFailed: "Could not copy the link",
} as const;

export const INVITE_SHARE_URLS = {
  x: "https://twitter.com/intent/tweet",
  facebook: "https://www.facebook.com/sharer/sharer.php",
} as const;
