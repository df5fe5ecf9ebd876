import { z } from "zod";

/** Every error body of the API: `{ "message": "..." }` (plus field messages for bad input). */
export const errorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
