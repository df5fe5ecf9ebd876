// Errors thrown by apiCall / apiSend (api-call.ts) and the default query function read
// `${status}: ${body}` (spec 8), where the body is usually the server's JSON `{ "message": "..." }`.

const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

/** Builds the generic error of spec 8 from a status and the response text. */
export function httpError(status: number, bodyText: string, statusText: string): Error {
  return new Error(`${status}: ${bodyText || statusText}`);
}

/** The HTTP status carried by such an error, or null for any other error (e.g. network). */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = STATUS_PREFIX.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** The server's `message` for a toast, or `fallback` when the error carries none. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = STATUS_PREFIX.exec(error.message);
  if (!match) return fallback;
  try {
    const body: unknown = JSON.parse(match[2]);
    if (body && typeof body === "object" && "message" in body) {
      const message = (body as { message: unknown }).message;
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // A body that is not JSON (a proxy's HTML page, plain text) is not shown to the user.
  }
  return fallback;
}
