import { useState } from "react";
import { cn } from "@client/lib/utils";
import { FALLBACK_IMAGE, imageSrc } from "../lib/venue-display";

interface VenueImageProps {
  url: string | null | undefined;
  /** Names the place pictured, e.g. the venue's name. */
  name: string;
  className?: string;
  /** Lazy by default; the sheet's header image loads at once. */
  loading?: "lazy" | "eager";
}

/**
 * A venue photo filling its (fixed aspect ratio) box, through the image proxy when remote, with
 * the local default photo when there is none or it fails to load (spec 4).
 */
export function VenueImage({ url, name, className, loading = "lazy" }: VenueImageProps) {
  const src = imageSrc(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const useFallback = !src || failedSrc === src;
  return (
    <img
      src={useFallback ? FALLBACK_IMAGE : src}
      alt={useFallback ? `No photo of ${name} yet` : `Photo of ${name}`}
      loading={loading}
      fetchPriority={loading === "eager" ? "high" : "auto"}
      decoding="async"
      width={640}
      height={400}
      onError={() => {
        if (!useFallback) setFailedSrc(src);
      }}
      className={cn("size-full object-cover", className)}
    />
  );
}
