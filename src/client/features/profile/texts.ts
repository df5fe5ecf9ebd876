// Screen texts and settings of the profile feature (../shared/product-spec.md).

/** A guest's way to become a member, and the warning before a guest logs out (issue 17). */
export const GUEST_TEXT = {
  upgradeTitle: "Create an account to keep your posts, friends and saves",
  upgradeBody: "You are a guest: what you do here lasts only as long as this sign-in.",
  upgradeKeeps: "Your posts, friends, groups and saved places come with you.",
  upgradeButton: "Create Account",
  logOutTitle: "Log out of this guest session?",
  logOutBody:
    "A guest cannot sign in again: your posts, friends, groups and " +
    "saved places will be lost. Create an account to keep them.",
  logOutAnyway: "Log Out Anyway",
} as const;

/** Texts of the Profile screen, its preferences dialog and its privacy sheet. */
export const PROFILE_TEXT = {
  counters: { vibes: "Vibes", categories: "Categories", total: "Preferences" },
  yourVibes: "Your Vibes",
  setYourVibe: "Set Your Vibe", // (spec)
  setYourVibeBody:
    "Pick the vibes you usually love and VIBE will suggest places that fit. Tonight's mood is picked on Home.",
  /** Profile's vibes are lasting preferences; Home's picker is tonight's mood: two things, said so. */
  yourVibesHint: "What you usually love (My Preferences). Tonight's mood is picked on Home.",
  myPreferences: "My Preferences", // (spec)
  manageFriends: "Manage Friends", // (spec)
  businessDashboard: "Business Dashboard",
  adminPanel: "Admin Panel",
  privacySettings: "Privacy Settings", // (spec)
  preferencesDescription: "VIBE uses these to personalise your picks. Nothing is saved until you press Save.",
  sections: { vibes: "Vibes", dietary: "Dietary Restrictions", budget: "Budget", categories: "Favorite Categories" },
  vibesHint: "Choose at least one vibe to get personalized picks.",
  budgetHint: "Pick one, or press it again to clear.",
  save: "Save",
  saving: "Saving...",
  cancel: "Cancel",
  close: "Close",
  preferencesSaved: "Preferences saved", // (spec)
  preferencesFailedTitle: "Error", // (spec)
  preferencesFailed: "Failed to save preferences. Please try again.", // (spec)
  privacyDescription: "Choose what friends and others can see of you. Nothing changes until you press Save.",
  privacy: {
    privacyShareVibes: {
      label: "Share my vibes",
      description: "When on, friends see your preferred vibes and they count toward your groups' mixed vibes.",
    },
    privacyShareLocation: {
      label: "Share my location",
      description:
        "When on, the venue or place you add is saved with your posts; when off, no location is stored with them.",
    },
    privacyActivityFeed: {
      label: "Show my activity in friends' feeds",
      description: "When on, your posts appear in your friends' feeds; when off, only you can see them.",
    },
    privacyFindByEmail: {
      label: "People can find me by my email",
      description:
        "When on, someone who types your exact email in Search finds you; when off, only your name finds you.",
    },
  },
  privacyUpdated: "Privacy Settings Updated", // (spec)
  privacyUpdatedBody: "Your privacy choices are saved.",
  updateFailed: "Update Failed", // (spec)
  privacyFailed: "Failed to update privacy settings",
} as const;
