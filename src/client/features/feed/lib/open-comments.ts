/**
 * Spec 4: toggling comments on a post opens its inline area and loads its comments; the
 * previously opened post stays flagged (open) but only the last opened one loads comments.
 */
export interface OpenComments {
  open: readonly string[];
  /** The post whose comments query runs; null when the last opened one was closed. */
  active: string | null;
}

export const noOpenComments: OpenComments = { open: [], active: null };

export function toggleComments(state: OpenComments, postId: string): OpenComments {
  if (state.open.includes(postId)) {
    return { open: state.open.filter((id) => id !== postId), active: state.active === postId ? null : state.active };
  }
  return { open: [...state.open, postId], active: postId };
}

/** Makes an already open post the one that loads (e.g. its "Show comments" button). */
export function activateComments(state: OpenComments, postId: string): OpenComments {
  return state.open.includes(postId) ? { ...state, active: postId } : state;
}

export const isCommentsOpen = (state: OpenComments, postId: string) => state.open.includes(postId);
export const isCommentsActive = (state: OpenComments, postId: string) => state.active === postId;
