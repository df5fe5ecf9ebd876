import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "min-h-24 w-full min-w-0 resize-y rounded-xl border border-input bg-background/60 " +
          "px-3.5 py-2.5 text-base text-foreground placeholder:text-muted-foreground " +
          "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-400 md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
