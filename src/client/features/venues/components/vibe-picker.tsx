import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { LIMITS, PICKER_VIBES } from "@shared/vocabulary";
import { chipBase, chipTone } from "@client/components/ui/toggle-chip";
import { cn } from "@client/lib/utils";
import { VibeIcon } from "./vibe-icon";

interface VibePickerProps {
  selected: readonly string[];
  onToggle: (vibe: string) => void;
  onRemove: (vibe: string) => void;
  /** Names the chip group (defaults to "Vibes"). */
  label?: string;
  disabled?: boolean;
  /** On a phone, one line of chips that scrolls sideways (Home: venues on the first screen). */
  compact?: boolean;
  className?: string;
}

/**
 * The vibe chips (spec 3 and 4): each toggles; a sixth is ignored; every selected chip has its own
 * remove control. Saved vibes outside the picker's list (e.g. "Social") are shown as chips too.
 */
export function VibePicker({
  selected,
  onToggle,
  onRemove,
  label = "Vibes",
  disabled = false,
  compact = false,
  className,
}: VibePickerProps) {
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const refocus = useRef<string | null>(null);
  const full = selected.length >= LIMITS.vibesMax;
  const vibes = [...PICKER_VIBES, ...selected.filter((v) => !(PICKER_VIBES as readonly string[]).includes(v))];

  // The remove control disappears with its vibe: keep focus on the chip (or the first chip).
  useEffect(() => {
    const vibe = refocus.current;
    if (vibe === null || !listRef.current) return;
    refocus.current = null;
    const buttons = [...listRef.current.querySelectorAll<HTMLButtonElement>("button[data-vibe]")];
    (buttons.find((b) => b.dataset.vibe === vibe) ?? buttons[0])?.focus();
  }, [selected]);

  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={hintId}
      aria-disabled={disabled || undefined}
      className={cn("flex flex-col gap-2 transition-opacity", disabled && "opacity-50", className)}
    >
      <ul
        ref={listRef}
        className={cn(
          "flex flex-wrap gap-2",
          compact &&
            "-mx-4 flex-nowrap overflow-x-auto px-4 pb-1 [scrollbar-width:none] " +
              "sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0",
        )}
      >
        {vibes.map((vibe) => {
          const active = selected.includes(vibe);
          const blocked = !active && full;
          return (
            <li
              key={vibe}
              className={cn(
                "inline-flex shrink-0 items-center rounded-full",
                chipTone(active),
                blocked && "opacity-50",
              )}
            >
              <button
                type="button"
                data-vibe={vibe}
                aria-pressed={active}
                aria-disabled={blocked || disabled || undefined}
                disabled={disabled}
                onClick={() => {
                  if (!blocked) onToggle(vibe);
                }}
                className={cn(
                  chipBase,
                  "bg-transparent disabled:cursor-not-allowed",
                  active && "pr-1.5",
                  blocked && "cursor-not-allowed",
                )}
              >
                <VibeIcon vibe={vibe} />
                {vibe}
              </button>
              {active && (
                <button
                  type="button"
                  aria-label={`Remove ${vibe}`}
                  disabled={disabled}
                  onClick={() => {
                    refocus.current = vibe;
                    onRemove(vibe);
                  }}
                  className={
                    "mr-1 inline-flex size-7 items-center justify-center " +
                    "rounded-full text-white/85 hover:bg-white/20 hover:text-white"
                  }
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p id={hintId} className="text-xs text-muted-foreground">
        {full
          ? `${LIMITS.vibesMax} of ${LIMITS.vibesMax} selected. Remove one to pick another.`
          : `${selected.length} of ${LIMITS.vibesMax} selected`}
      </p>
    </div>
  );
}
