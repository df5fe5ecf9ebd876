/**
 * The errors of net/: they say what went wrong, not how to answer it. The HTTP layer maps them to
 * statuses (http/errors.ts), so this folder imports nothing above it.
 */

/** Why an image was refused. */
export type ImageRefusal =
  | "bad-url"
  | "not-allowed"
  | "not-found"
  | "timeout"
  | "too-large"
  | "not-an-image"
  | "unreachable";

/** A refused image fetch, with a message meant for the person who named the URL. */
export class ImageFetchError extends Error {
  constructor(
    readonly reason: ImageRefusal,
    message: string,
  ) {
    super(message);
    this.name = "ImageFetchError";
  }
}
