// Screen texts and settings of the admin feature (../shared/product-spec.md).

export const ADMIN_SYNC_DEFAULTS = { latitude: 37.7749, longitude: -122.4194, radius: 5000 } as const;

/** Texts of the admin panel. Those marked (spec) are the product's own wording. */
export const ADMIN_TEXT = {
  description: "Check the services VIBE depends on, sync venues from external sources and try the vibe analyzers.",
  adminsOnlyTitle: "Admins only",
  adminsOnlyBody:
    "The admin panel is for VIBE's operators. Your account does not " +
    "have the admin role, so these tools are not available to it.",
  /** What makes an admin (docs/sign-in.md, "Roles"), for someone who expected to be one. */
  becomeAdminHint:
    "Operators make admins with `npm run admin -- grant EMAIL`. An address listed in ADMIN_EMAILS counts " +
    "once it is verified (the link in your sign-up email). Then check again: no need to sign out.",
  checkAgain: "Check again",
  signedInAs: "Signed in as",
  servicesTitle: "Service Status", // (spec)
  servicesDescription: "Whether each service VIBE depends on is working right now.",
  servicesFailed: "Failed to load service status", // (spec)
  servicesEmpty: "No services reported.",
  servicesLoading: "Loading service status...",
  refresh: "Refresh",
  available: "Available",
  unavailable: "Unavailable",
  syncTitle: "Sync Venues", // (spec)
  syncDescription: "Fetch the places around a point from every configured venue source.",
  latitude: "Latitude",
  longitude: "Longitude",
  radius: "Radius (metres)",
  syncSubmit: "Sync Venues", // (spec)
  syncing: "Syncing...",
  syncComplete: "Sync Complete", // (spec)
  syncFailed: "Sync Failed", // (spec)
  syncFallback: "Failed to sync venues", // (spec)
  lastSync: "Last sync",
  latitudeInvalid: "Latitude must be a number between -90 and 90",
  longitudeInvalid: "Longitude must be a number between -180 and 180",
  radiusInvalid: "Radius must be a whole number of metres, at least 1",
  sourceStatus: { ok: "OK", failed: "Failed", skipped: "Skipped" },
  sourcesLabel: "Venue sources",
  syncCounts: { added: "Added", updated: "Updated", unchanged: "Unchanged" },
  placeCount: (n: number) => `${n} ${n === 1 ? "place" : "places"}`,
  servicesSummary: (available: number, total: number) => `${available} of ${total} available`,
  detectedVibes: "Detected vibes",
  textTitle: "Test Text Analysis", // (spec)
  textDescription: "Read the vibes of a review or description.",
  textLabel: "Text to analyze",
  textPlaceholder: "Candlelit and quiet, perfect for date night...",
  analyzeText: "Analyze Text",
  imageTitle: "Test Image Analysis", // (spec)
  imageDescription: "Read the vibes of a photo from its address.",
  imageLabel: "Image URL",
  imagePlaceholder: "https://example.com/photo.jpg",
  analyzeImage: "Analyze Image",
  analyzing: "Analyzing...",
  inputRequired: "Input Required", // (spec)
  textRequired: "Please enter text to analyze", // (spec)
  imageRequired: "Please enter an image URL to analyze", // (spec)
  analysisComplete: "Analysis Complete", // (spec)
  analysisFailed: "Analysis Failed", // (spec)
  analysisFallback: "Failed to analyze sentiment", // (spec)
  resultsTitle: "Analysis Results", // (spec)
  resultsDescription: "The vibes the last analysis found, strongest first.",
  resultsEmpty: "Run an analysis to see results here.",
  noVibes: "No vibes detected",
  method: "Method",
  analyzedText: "Text",
  analyzedImage: "Image",
  ownersTitle: "Venue Owners",
  ownersDescription:
    "Make an account an owner of a venue, so it can broadcast live updates from the Business dashboard.",
  venueId: "Venue",
  venueIdHint: "Type the venue's name and choose it below (or its numeric id).",
  venueIdInvalid: "Choose a venue from the list (or type its id: a whole number, at least 1)",
  findingVenues: "Searching venues...",
  venuesFound: (n: number) => (n === 0 ? "No venue has that name" : n === 1 ? "1 venue" : `${n} venues`),
  chosenVenue: (name: string, id: number) => `${name} (id ${id})`,
  ownerEmail: "Owner's email",
  ownerEmailInvalid: "Invalid email address",
  addOwner: "Add Owner",
  addingOwner: "Adding...",
  ownerAdded: "Owner Added",
  ownerFailed: "Failed to add owner",
  ownerAddedBody: (email: string, venue: string) => `${email} now owns ${venue}.`,
  tryAgain: "Please try again.",
  guestAccount: "a guest account",
  backHome: "Back to Home",
} as const;
