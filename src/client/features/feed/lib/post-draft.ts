import { FEED_TEXT } from "@client/features/feed/texts";
import { LIMITS, SOCIAL_LIMITS } from "@shared/vocabulary";

export interface PostDraft {
  vibes: readonly string[];
  venue: { id: number; name: string } | null;
  /** What was typed in the venue field: sent as the custom location when no venue is chosen. */
  locationText: string;
  caption: string;
}

export interface CreatePostBody {
  venueId: number | null;
  locationText: string | null;
  vibes: string[];
  content: string | null;
}

export const emptyPostDraft: PostDraft = { vibes: [], venue: null, locationText: "", caption: "" };

/** Spec 4: toggling adds or removes a vibe; adding one when 5 are selected is ignored. */
export function togglePostVibe(selected: readonly string[], vibe: string, max: number = LIMITS.vibesMax): string[] {
  if (selected.includes(vibe)) return selected.filter((v) => v !== vibe);
  if (selected.length >= max) return [...selected];
  return [...selected, vibe];
}

/** Spec 5: at least one vibe, else the toast 'Select at least one vibe'. */
export function postDraftError(draft: Pick<PostDraft, "vibes">): string | null {
  return draft.vibes.length < LIMITS.vibesMin ? FEED_TEXT.selectVibe : null;
}

const orNull = (s: string, max: number) => {
  const t = s.trim().slice(0, max);
  return t ? t : null;
};

/** The POST /api/posts body: a chosen venue wins; otherwise the typed text is the custom location. */
export function buildPostBody(draft: PostDraft): CreatePostBody {
  return {
    venueId: draft.venue ? draft.venue.id : null,
    locationText: draft.venue ? null : orNull(draft.locationText, SOCIAL_LIMITS.locationTextMax),
    vibes: [...draft.vibes].slice(0, LIMITS.vibesMax),
    content: orNull(draft.caption, SOCIAL_LIMITS.postContentMax),
  };
}
