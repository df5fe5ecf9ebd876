import { useMutation } from "@tanstack/react-query";
import { DISCOVER_TEXT } from "@client/features/explore/texts";
import { LIMITS } from "@shared/vocabulary";
import type { NaturalLanguageResult } from "@shared/contracts/discover";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";

export interface NaturalLanguageInput {
  query: string;
  /** Null when no position is known at all. */
  coords: { latitude: number; longitude: number } | null;
  /** Miles, as chosen on Explore's distance selector (spec 9). */
  radiusMiles: number;
}

/** The request body of POST /api/discover/natural-language (spec 7). */
export interface NaturalLanguageBody {
  query: string;
  latitude: number;
  longitude: number;
  radius: number;
  limit: number;
}

/** Spec 5: blank text or an unknown location fails with 'Location required' before any call. */
export function buildNaturalLanguageBody({ query, coords, radiusMiles }: NaturalLanguageInput): NaturalLanguageBody {
  const text = query.trim();
  if (!text || !coords || !Number.isFinite(coords.latitude) || !Number.isFinite(coords.longitude)) {
    throw new Error(DISCOVER_TEXT.locationRequired);
  }
  return {
    query: text,
    latitude: coords.latitude,
    longitude: coords.longitude,
    radius: radiusMiles,
    limit: LIMITS.naturalLanguageLimit,
  };
}

/**
 * POST /api/discover/natural-language. A failure's message is what the toast shows: the server's
 * message, or the spec's 'Failed to fetch venues' (the original error is its cause).
 */
export async function fetchNaturalLanguage(input: NaturalLanguageInput): Promise<NaturalLanguageResult> {
  const body = buildNaturalLanguageBody(input);
  try {
    return await apiCall("POST /api/discover/natural-language", { body });
  } catch (error) {
    throw new Error(errorMessage(error, DISCOVER_TEXT.fetchFailed), { cause: error });
  }
}

export function useNaturalLanguageSearch() {
  return useMutation<NaturalLanguageResult, Error, NaturalLanguageInput>({ mutationFn: fetchNaturalLanguage });
}
