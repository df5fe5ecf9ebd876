import { z } from "zod";
import { ADMIN_LIMITS } from "../vocabulary";
import { required } from "./common";

/** POST /api/admin/analyze-sentiment: text or imageUrl (spec 5's messages for blank input). */
export const analyzeBody = z
  .object({
    text: z
      .string({ error: "text must be text" })
      .max(ADMIN_LIMITS.analyzeTextMax, "Text can be at most 20,000 characters")
      .optional(),
    imageUrl: z
      .string({ error: "imageUrl must be text" })
      .max(ADMIN_LIMITS.imageUrlMax, "Image URLs can be at most 2048 characters")
      .optional(),
  })
  .strict();

export const analysisResultSchema = z.object({
  method: z.string(),
  vibes: z.array(z.object({ vibe: z.string(), confidence: z.number().min(0).max(1) })),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

export const serviceStatusSchema = z.object({ name: z.string(), available: z.boolean(), detail: z.string() });
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
export const servicesSchema = z.object({ services: z.array(serviceStatusSchema) });

/** Largest sync radius in metres (also the Places API's own limit). */
export const SYNC_MAX_RADIUS_M = 50_000;

// The admin form sends numbers; numeric strings ("37.7749") are read as numbers too.
const numeric = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v);

const coordinate = (name: string, limit: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: required(name, "a number") })
      .min(-limit, `${name} must be between -${limit} and ${limit}`)
      .max(limit, `${name} must be between -${limit} and ${limit}`),
  );

/** POST /api/admin/sync-venues (spec 5: latitude and longitude any decimal, radius an integer in metres). */
export const syncVenuesBody = z.object({
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  radius: z.preprocess(
    numeric,
    z
      .number({ error: required("radius", "a number of metres") })
      .int("radius must be a whole number of metres")
      .min(1, `radius must be between 1 and ${SYNC_MAX_RADIUS_M} metres`)
      .max(SYNC_MAX_RADIUS_M, `radius must be between 1 and ${SYNC_MAX_RADIUS_M} metres`),
  ),
});
export type SyncVenuesBody = z.infer<typeof syncVenuesBody>;

/** One venue source's part in a sync. */
export const syncSourceStatusSchema = z.object({
  id: z.enum(["osm", "google"]),
  name: z.string(),
  status: z.enum(["ok", "failed", "skipped"]),
  /** Places of a venue category the source returned. */
  count: z.number(),
  error: z.string().optional(),
  /** Why a source was skipped. */
  detail: z.string().optional(),
});
export type SyncSourceStatus = z.infer<typeof syncSourceStatusSchema>;

/** 200 of POST /api/admin/sync-venues (503 carries `message` and `sources`). */
export const syncResultSchema = z.object({
  message: z.string(),
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  sources: z.array(syncSourceStatusSchema),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
