// Screen texts and settings of the business feature (../shared/product-spec.md).
import { BROADCAST_FRESH_MIN, NIGHT_ENDS_HOUR } from "@shared/vocabulary";

export const BROADCAST_DEFAULTS = { capacityStatus: "Moderate", noiseLevel: "Quiet", currentVibes: ["Chill"] } as const;

/** Business dashboard (spec 2, 4, 5, 8). */
export const BUSINESS_TEXT = {
  title: "Business Dashboard",
  back: "Back to Home",
  noVenue: "No venue",
  noVenueFound: "No venue found",
  noBusinessTitle: "No business venue found",
  // No "contact support" that leads nowhere (issue 17): owners are added by this VIBE's admins.
  noBusinessBody:
    "Your account doesn't own a venue yet. The people who run this VIBE " +
    "add owners in the admin panel: ask them to add you to your venue.",
  formTitle: "Update Your Vibe",
  capacity: "Capacity",
  noise: "Noise level",
  vibes: "Current vibes (up to 3)",
  /** Beside the disabled chips once three are picked (issue 26). */
  atMost: "At most 3",
  notes: "Special notes",
  open: "Open now",
  /** Issue 26: the venue counts as Live Music while the broadcast is fresh (docs/live.md). */
  liveMusic: "Live music tonight",
  liveMusicHint:
    `Searches for Live Music list your venue for the next ${BROADCAST_FRESH_MIN / 60} hours ` +
    `(never past ${NIGHT_ENDS_HOUR} AM), as your announcement.`,
  broadcast: "Broadcast Update",
  broadcasting: "Broadcasting...",
  success: "Update Broadcast",
  failure: "Update Failed",
  activityTitle: "Today's Activity",
  noActivity: "No check-ins yet today.",
} as const;
