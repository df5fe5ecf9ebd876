// Screen texts and settings of the feed feature (../shared/product-spec.md).

/** The post dialog's venue search: fixed default coordinates, radius 10 (spec 7). */
export const POST_DIALOG_VENUE_RADIUS = 10;

/** Texts of the Feed. Those marked (spec) are the product's own wording. */
export const FEED_TEXT = {
  shareYourVibe: "Share Your Vibe", // (spec)
  dialogDescription: "Pick up to 5 vibes, add where you are and say how it feels.",
  vibesLabel: "Vibes",
  venueLabel: "Venue or location",
  venuePlaceholder: "Search venues or type a place",
  venueHint: "Pick a nearby venue, or leave your text as a custom location.",
  venueResults: "Matching venues",
  venueSearching: "Searching venues...",
  venueNoResults: "No matching venues nearby. Your text will be posted as the location.",
  venueSearchFailed: "Venue search is unavailable. Your text will be posted as the location.",
  removeVenue: "Remove venue",
  captionLabel: "Caption",
  captionPlaceholder: "What's the vibe like?",
  submit: "Post",
  submitting: "Posting...",
  cancel: "Cancel",
  locationOff: "Location sharing is off in your Privacy Settings, so no place will be saved with this post.",
  selectVibe: "Select at least one vibe", // (spec)
  errorTitle: "Error", // (spec)
  postFailed: "Failed to create post", // (spec)
  posted: "Posted!", // (spec)
  postedBody: "Your vibe has been shared", // (spec)
  emptyTitle: "No posts yet", // (spec)
  emptyBody: "Add friends to see their vibes", // (spec)
  findFriends: "Find Friends",
  loadFailed: "Failed to load the feed",
  retry: "Retry",
  like: "Like",
  likeFailed: "Failed to update like",
  comments: "Comments",
  commentsLoading: "Loading comments...",
  commentsEmpty: "No comments yet. Start the conversation.",
  commentsFailed: "Failed to load comments",
  showComments: "Show comments",
  commentLabel: "Write a comment",
  commentPlaceholder: "Write a comment...",
  sendComment: "Send comment",
  commentAdded: "Comment added!", // (spec)
  commentFailed: "Failed to add comment",
  someone: "VIBE user",
  justNow: "just now",
} as const;
