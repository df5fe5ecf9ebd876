import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

/** A pulsing placeholder block; wrap groups of them in an element with role="status" and a label. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-muted", className)} {...props} />;
}
