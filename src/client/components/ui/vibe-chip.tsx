import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

/** A small read-only vibe label (posts, friends, groups, profile). */
export function VibeChip({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center truncate rounded-full border " +
          "border-pink-400/30 bg-pink-500/10 px-2.5 py-0.5 text-xs font-medium text-pink-100",
        className,
      )}
      {...props}
    />
  );
}
