import { LocateFixed, MapPin, MapPinOff } from "lucide-react";
import type { ReactNode } from "react";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { VibeLogo } from "@client/components/vibe-logo";
import type { GeoStatus } from "@client/features/venues/hooks/use-geolocation";
import { cn } from "@client/lib/utils";

const STATUS = {
  located: { text: VENUE_TEXT.locationDetected, icon: LocateFixed, tone: "text-emerald-300" },
  pending: { text: VENUE_TEXT.detectingLocation, icon: MapPin, tone: "text-muted-foreground" },
  failed: { text: VENUE_TEXT.defaultLocation, icon: MapPinOff, tone: "text-amber-200" },
} as const;

export function LocationStatus({ status }: { status: GeoStatus }) {
  const { text, icon: Icon, tone } = STATUS[status];
  return (
    <p role="status" className={cn("inline-flex items-center gap-1.5 text-sm", tone)}>
      <Icon className={cn("size-4", status === "pending" && "animate-pulse")} aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * Logo and status line. `indicators` is the slot for the realtime 'Live updates active' badge
 * (spec 2), which is shown only while the websocket is open; nothing renders there until then.
 */
export function HomeHeader({ status, indicators = null }: { status: GeoStatus; indicators?: ReactNode }) {
  return (
    <header className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <h1>
        <VibeLogo size="md" />
        <span className="sr-only"> Home</span>
      </h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <LocationStatus status={status} />
        {indicators}
      </div>
    </header>
  );
}
