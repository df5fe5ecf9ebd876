/** One vibe read from a text or an image, with how sure the reader is (0..1). */
export interface VibeReading {
  vibe: string;
  confidence: number;
}

/** What an analyzer answers (POST /api/admin/analyze-sentiment answers { method, vibes }). */
export interface VibeAnalysis {
  /** The method that produced it, e.g. "lexicon-v1", "image-stats-v1", "llm:<model>". */
  method: string;
  /** Vibes it found, strongest first, confidence > 0. */
  vibes: VibeReading[];
  /** Vibes the text explicitly denies ("not loud at all"): evidence against them. */
  negated?: string[];
  /** Short quotes or statistics that justify each vibe (vibe -> reasons), for "why this vibe". */
  evidence?: Record<string, string[]>;
}

/** Google Places API (New) fields the blend reads. */
export interface GooglePlaceAttributes {
  liveMusic?: boolean;
  goodForGroups?: boolean;
  goodForWatchingSports?: boolean;
  servesCocktails?: boolean;
  servesWine?: boolean;
  servesBeer?: boolean;
  servesCoffee?: boolean;
  outdoorSeating?: boolean;
  reservable?: boolean;
  allowsDogs?: boolean;
  menuForChildren?: boolean;
  goodForChildren?: boolean;
  priceLevel?:
    | "PRICE_LEVEL_FREE"
    | "PRICE_LEVEL_INEXPENSIVE"
    | "PRICE_LEVEL_MODERATE"
    | "PRICE_LEVEL_EXPENSIVE"
    | "PRICE_LEVEL_VERY_EXPENSIVE"
    | string;
}
