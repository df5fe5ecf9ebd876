import { z } from "zod";
import { latestUpdateSchema } from "./venues";
import { BROADCAST_VIBES, CAPACITY_STATUSES, LIMITS, NOISE_LEVELS } from "../vocabulary";
import { cleaned } from "./common";
import { contradictionMessage, contradictoryPair } from "../vibe-tags";

export const SPECIAL_NOTES_MAX = 280;

/** POST /api/venues/:id/updates (spec 3 "Venue update", 5 "at most 3 current vibes"). */
export const venueUpdateBody = z.object({
  capacityStatus: z.enum(CAPACITY_STATUSES, { error: "capacityStatus must be Empty, Moderate or Full" }),
  noiseLevel: z.enum(NOISE_LEVELS, { error: "noiseLevel must be Quiet, Conversational or Loud" }),
  currentVibes: z
    .array(z.string({ error: "Each vibe must be text" }), { error: "currentVibes must be a list" })
    .max(LIMITS.broadcastVibes, `At most ${LIMITS.broadcastVibes} vibes`)
    .refine((l) => l.every((v) => (BROADCAST_VIBES as readonly string[]).includes(v)), "Unknown vibe")
    .transform((l) => [...new Set(l)])
    // a venue is not Loud and Quiet at once (issue 26): refused, never half-sent
    .superRefine((l, ctx) => {
      const pair = contradictoryPair(l);
      if (pair) ctx.addIssue({ code: "custom", message: contradictionMessage(...pair) });
    }),
  specialNotes: cleaned(
    z
      .string({ error: "specialNotes must be text or null" })
      .max(SPECIAL_NOTES_MAX, `specialNotes can be at most ${SPECIAL_NOTES_MAX} characters`)
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null)),
    { multiline: true },
  ),
  isOpen: z.boolean({ error: "isOpen must be true or false" }),
  /**
   * "Live music tonight" (issue 26): the venue counts as Live Music while this broadcast is fresh
   * (docs/live.md). Optional, false when absent: clients that do not know it are unchanged.
   */
  liveMusic: z.boolean({ error: "liveMusic must be true or false" }).optional().default(false),
});

export const assignOwnerBody = z.object({
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .pipe(z.email({ error: "Invalid email address" })),
});

/** The owner's dashboard figures, all measured (no placeholders). */
export const venueStatsSchema = z.object({
  venueId: z.number(),
  checkInsToday: z.number(),
  checkInsThisWeek: z.number(),
  visitorsToday: z.number(),
  visitorsThisWeek: z.number(),
  saves: z.number(),
  searchMatchesToday: z.number(),
  searchMatchesThisWeek: z.number(),
  rating: z.number().nullable(),
  reviewCount: z.number().nullable(),
  broadcastsThisWeek: z.number(),
  recentCheckIns: z.array(z.object({ vibes: z.array(z.string()), createdAt: z.string() })),
});
export type VenueStats = z.infer<typeof venueStatsSchema>;

/** 201 of POST /api/admin/venues/:id/owner. */
export const ownerAssignedSchema = z.object({ venueId: z.number(), userId: z.string(), email: z.string() });
export type OwnerAssigned = z.infer<typeof ownerAssignedSchema>;
/** 201 of POST /api/venues/:id/updates (a broadcast): the venue's live status now. */
export const broadcastResultSchema = z.object({ venueId: z.number(), latestUpdate: latestUpdateSchema.nullable() });
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;
