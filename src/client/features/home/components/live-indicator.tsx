import { Radio } from "lucide-react";
import { REALTIME_TEXT } from "@client/lib/texts";
import { useRealtime } from "@client/lib/realtime-provider";

/** 'Live updates active' while the realtime connection is open (spec 2, Home); nothing otherwise. */
export function LiveIndicator() {
  const { connected } = useRealtime();
  if (!connected) return null;
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-pink-300" role="status">
      <span className="relative flex size-2" aria-hidden="true">
        <span
          className={
            "absolute inline-flex size-full animate-ping rounded-full " +
            "bg-pink-400 opacity-75 motion-reduce:animate-none"
          }
        />
        <span className="relative inline-flex size-2 rounded-full bg-pink-400" />
      </span>
      <Radio className="size-4" aria-hidden="true" />
      {REALTIME_TEXT.active}
    </p>
  );
}
