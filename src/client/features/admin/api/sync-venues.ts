import { useMutation } from "@tanstack/react-query";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { errorMessage } from "@client/lib/api-error";
import { apiCall } from "@client/lib/api-call";
import type { SyncResult, SyncSourceStatus } from "@shared/contracts/admin";
import type { SyncInput } from "../lib/admin-forms";

export type { SyncResult };
export type SyncSource = SyncSourceStatus;

/** A failed sync: the server's message (or the spec's fallback) and, on a 503, what each source did. */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly sources: SyncSource[],
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "SyncError";
  }
}

const STATUSES = new Set(["ok", "failed", "skipped"]);

/** The `sources` list of a failure's JSON body (`${status}: ${body}`), or none. */
export function failureSources(error: unknown): SyncSource[] {
  if (!(error instanceof Error)) return [];
  const body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1];
  if (!body) return [];
  try {
    const parsed: unknown = JSON.parse(body);
    const sources = (parsed as { sources?: unknown } | null)?.sources;
    if (!Array.isArray(sources)) return [];
    return sources.filter(
      (s): s is SyncSource =>
        typeof s === "object" &&
        s !== null &&
        typeof s.name === "string" &&
        STATUSES.has(s.status) &&
        typeof s.count === "number",
    );
  } catch {
    return [];
  }
}

/** POST /api/admin/sync-venues {latitude, longitude, radius (metres)}. */
export async function syncVenues(input: SyncInput): Promise<SyncResult> {
  try {
    return await apiCall("POST /api/admin/sync-venues", { body: input });
  } catch (error) {
    throw new SyncError(errorMessage(error, ADMIN_TEXT.syncFallback), failureSources(error), { cause: error });
  }
}

export const useSyncVenues = () => useMutation<SyncResult, SyncError, SyncInput>({ mutationFn: syncVenues });
