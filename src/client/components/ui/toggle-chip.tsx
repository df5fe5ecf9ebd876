import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

export const chipBase =
  "inline-flex h-9 shrink-0 items-center justify-center gap-1.5 whitespace-nowrap " +
  "rounded-full px-3.5 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0";

export function chipTone(pressed: boolean): string {
  return pressed
    ? "bg-linear-to-r from-purple-600 to-pink-600 text-white shadow-md shadow-purple-950/40"
    : "border border-border bg-secondary/60 text-foreground hover:border-pink-400/50 hover:bg-secondary";
}

type ToggleChipProps = Omit<ComponentProps<"button">, "aria-pressed"> & { pressed: boolean };

/** A pill-shaped toggle button (aria-pressed) for chip rows: vibes, distances, categories, sort. */
export function ToggleChip({ pressed, className, type = "button", ...props }: ToggleChipProps) {
  return (
    <button type={type} aria-pressed={pressed} className={cn(chipBase, chipTone(pressed), className)} {...props} />
  );
}
