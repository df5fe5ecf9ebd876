/**
 * The errors of vibes/: they say what went wrong, not how to answer it. The HTTP layer maps them to
 * statuses (http/errors.ts), so this folder imports nothing above it.
 */

/** An image whose bytes will not decode (answered 422). */
export class ImageUnreadableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageUnreadableError";
  }
}
