import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

type SwitchProps = Omit<ComponentProps<"button">, "onChange" | "role" | "aria-checked"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** An on/off switch: a button with role="switch" and aria-checked; Space and Enter toggle it. */
export function Switch({ checked, onCheckedChange, className, type = "button", ...props }: SwitchProps) {
  return (
    <button
      type={type}
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 " +
          "border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-60",
        checked ? "bg-linear-to-r from-purple-600 to-pink-600" : "bg-input",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          "pointer-events-none block size-6 rounded-full bg-white shadow-md transition-transform",
          checked ? "translate-x-5" : "translate-x-0",
        )}
      />
    </button>
  );
}
