/** A fetch cancelled by TanStack Query (its AbortSignal); such errors must be rethrown as they are. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === "AbortError"
    : error instanceof Error && error.name === "AbortError";
}
