// Screen texts and settings of the landing feature (../shared/product-spec.md).

/** Texts of the landing page (spec 2). */
export const LANDING_TEXT = {
  headline: "Find Places That Match Your Mood",
  featuresTitle: "Why Choose VIBE?",
  features: ["Vibe-Based Matching", "Location Smart", "Live Updates", "Social Feed", "Privacy First", "For Venues Too"],
  howItWorksTitle: "How It Works",
  steps: ["Choose Your Vibe", "Discover Matches", "Connect & Share"],
  ctaTitle: "Ready to Find Your Vibe?",
  ctaButton: "Join VIBE Now",
} as const;

/** Loop of the landing page's decorative background animation (spec 9). */
export const LANDING_ANIMATION_LOOP_MS = 8000;
