import { z } from "zod";

/** POST /api/admin/analyze-sentiment: text or imageUrl (spec 5's messages for blank input). */
export const analyzeBody = z
  .object({
    text: z.string({ error: "text must be text" }).max(20_000, "Text can be at most 20,000 characters").optional(),
    imageUrl: z
      .string({ error: "imageUrl must be text" })
      .max(2048, "Image URLs can be at most 2048 characters")
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

/** One venue source's part in a sync. */
export interface SyncSourceStatus {
  id: "osm" | "google";
  name: string;
  status: "ok" | "failed" | "skipped";
  /** Places of a venue category the source returned. */
  count: number;
  error?: string;
  /** Why a source was skipped. */
  detail?: string;
}

/** 200 of POST /api/admin/sync-venues (503 carries `message` and `sources`). */
export interface SyncResult {
  message: string;
  added: number;
  updated: number;
  unchanged: number;
  sources: SyncSourceStatus[];
}
