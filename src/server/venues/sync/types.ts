// Venue sync: the types its modules and callers share.
import type { SyncResult, SyncSourceStatus } from "@shared/contracts/admin";
import type { VenueTextAnalyzer } from "../../vibes/blend";
import type { PhotoAnalyzer, PhotoLimits } from "../sync-photos";

export interface SyncArea {
  latitude: number;
  longitude: number;
  /** metres */
  radius: number;
}

export type { SyncResult };
/** One source's part in a sync (the shared contract's SyncSourceStatus). */
export type SourceStatus = SyncSourceStatus;

export interface SyncLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SyncOptions {
  /** Deadline of each source. Default 20000. */
  timeoutMs?: number;
  /** The venue-level text analyzer for descriptions and reviews (analyzeVenueTexts); none: texts are not used. */
  analyzeTexts?: VenueTextAnalyzer;
  /** Analyses one photo URL (image-stats-v1 through the SSRF guard); none: photos are not read. */
  analyzePhoto?: PhotoAnalyzer;
  /** Bounds of the photo reading (PHOTO_LIMITS by default). */
  photoLimits?: Partial<PhotoLimits>;
  /** Rows per write statement (SYNC_BATCH_SIZE); 1 writes venue by venue (tests compare the two). */
  batchSize?: number;
}
