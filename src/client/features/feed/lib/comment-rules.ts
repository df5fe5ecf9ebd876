import { SOCIAL_LIMITS } from "@shared/vocabulary";

/** Spec 5: blank or whitespace-only text is not sent; otherwise the trimmed text is. */
export function commentToSend(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, SOCIAL_LIMITS.commentMax) : null;
}

export const canSendComment = (text: string, pending = false): boolean => !pending && commentToSend(text) !== null;
