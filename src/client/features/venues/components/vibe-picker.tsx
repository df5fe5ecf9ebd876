import { ChevronDown, ChevronUp, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ALL_VIBES, LIMITS, PICKER_VIBES } from "@shared/vocabulary";
import { chipBase, chipTone } from "@client/components/ui/toggle-chip";
import { cn } from "@client/lib/utils";
import { VibeIcon } from "./vibe-icon";

const VIBE_PICKER_TEXT = { more: "More vibes", fewer: "Fewer vibes" } as const;

interface VibePickerProps {
  selected: readonly string[];
  onToggle: (vibe: string) => void;
  onRemove: (vibe: string) => void;
  /** Names the chip group (defaults to "Vibes"). */
  label?: string;
  disabled?: boolean;
  /** On a phone, one line of chips that scrolls sideways (Home: venues on the first screen). */
  compact?: boolean;
  /**
   * Offer the other vibes the product knows (Live Music, Social, Upbeat, Relaxed, Creative,
   * Focused) behind a "More vibes" button after the spec's nine (issue 25, Home).
   */
  more?: boolean;
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
  more = false,
  className,
}: VibePickerProps) {
  const [expanded, setExpanded] = useState(false);
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const refocus = useRef<string | null>(null);
  const full = selected.length >= LIMITS.vibesMax;
  const base = [...PICKER_VIBES, ...selected.filter((v) => !(PICKER_VIBES as readonly string[]).includes(v))];
  const others = more ? ALL_VIBES.filter((v) => !base.includes(v)) : [];
  const vibes = expanded ? [...base, ...others] : base;

  // Opened on a phone's sideways line, the vibes it added are past the last chip: bring them into view.
  const revealOthers = useRef(false);
  const toggleMore = () => {
    revealOthers.current = !expanded;
    setExpanded((e) => !e);
  };
  useEffect(() => {
    if (!expanded || !revealOthers.current) return;
    revealOthers.current = false;
    const first = listRef.current?.querySelector<HTMLElement>(`button[data-vibe="${others[0]}"]`);
    first?.scrollIntoView?.({ block: "nearest", inline: "start" });
  }, [expanded, others]);

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
        {others.length > 0 && (
          // on a phone's sideways line this would sit past the last chip: there it is under the line
          <li className={cn("inline-flex shrink-0 items-center", compact && "hidden sm:inline-flex")}>
            <MoreToggle expanded={expanded} onToggle={toggleMore} />
          </li>
        )}
      </ul>
      <div className="flex items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted-foreground">
          {full
            ? `${LIMITS.vibesMax} of ${LIMITS.vibesMax} selected. Remove one to pick another.`
            : `${selected.length} of ${LIMITS.vibesMax} selected`}
        </p>
        {compact && others.length > 0 && (
          <MoreToggle expanded={expanded} onToggle={toggleMore} className="shrink-0 sm:hidden" />
        )}
      </div>
    </div>
  );
}

function MoreToggle({
  expanded,
  onToggle,
  className,
}: {
  expanded: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      onClick={onToggle}
      className={cn(chipBase, "border border-dashed border-white/30 bg-transparent text-muted-foreground", className)}
    >
      {expanded ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
      {expanded ? VIBE_PICKER_TEXT.fewer : VIBE_PICKER_TEXT.more}
    </button>
  );
}
