import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "h-11 w-full min-w-0 rounded-xl border border-input bg-background/60 px-3.5 text-base " +
          "text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed " +
          "disabled:opacity-60 aria-invalid:border-red-400 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
