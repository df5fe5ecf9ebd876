import { useState } from "react";
import type { Venue } from "@shared/contracts/venues";
import { cn } from "@client/lib/utils";
import { imageSrc } from "../lib/venue-display";
import { VenueIllustration } from "./venue-illustration";

interface VenueImageProps {
  url: string | null | undefined;
  /** The venue pictured: its name, and its kind and id for the illustration. */
  venue: Pick<Venue, "category" | "name" | "externalId">;
  /** Names the picture when not the venue's name alone, e.g. "Zeitgeist (2 of 5)". */
  name?: string;
  className?: string;
  /** Lazy by default; the sheet's header image loads at once. */
  loading?: "lazy" | "eager";
}

/**
 * A venue photo filling its (fixed aspect ratio) box, through the image proxy when remote. With
 * no photo, or one that fails to load (spec 4's fallback), the venue's own illustration fills the
 * same box (issue 15: not one picture for every venue).
 */
export function VenueImage({ url, venue, name = venue.name, className, loading = "lazy" }: VenueImageProps) {
  const src = imageSrc(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src)
    return <VenueIllustration venue={venue} label={`no photo of ${name} yet`} className={className} />;
  return (
    <img
      src={src}
      alt={name}
      loading={loading}
      fetchPriority={loading === "eager" ? "high" : "auto"}
      decoding="async"
      width={640}
      height={400}
      onError={() => setFailedSrc(src)}
      className={cn("size-full object-cover", className)}
    />
  );
}
