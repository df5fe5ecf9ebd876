import { z } from "zod";

/**
 * GET /api/map/style: the MapLibre style the map of matches loads (MAP_STYLE_URL), or null when
 * none is configured (markers on a plain background). The CSP allows exactly this URL's origin.
 */
export const mapStyleSchema = z.object({ styleUrl: z.string().nullable() });
export type MapStyle = z.infer<typeof mapStyleSchema>;
