import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";
import { DialogOverlay } from "./dialog";

/**
 * A sheet: a Radix Dialog that rises from the bottom on phones and slides in from the right from
 * md up. Use it with Dialog (the Root) and DialogTitle / DialogDescription from ./dialog.
 */
type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string };

export function SheetContent({ className, children, closeLabel = "Close", ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          // below the top 7rem, where a toast shows: it never covers the Close button
          "fixed inset-x-0 bottom-0 z-50 flex max-h-[calc(100dvh-7rem)] flex-col rounded-t-3xl " +
            "border-t border-border bg-card text-card-foreground shadow-2xl outline-none",
          "data-[state=closed]:animate-sheet-down data-[state=open]:animate-sheet-up",
          "md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-[28rem] " +
            "md:max-w-full md:rounded-none md:rounded-l-3xl md:border-t-0 md:border-l",
          "md:data-[state=closed]:animate-sheet-out-right md:data-[state=open]:animate-sheet-in-right",
          className,
        )}
        {...props}
      >
        <div aria-hidden="true" className="mx-auto mt-2.5 h-1.5 w-12 shrink-0 rounded-full bg-white/20 md:hidden" />
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className={
            "absolute top-4 right-3 inline-flex size-10 items-center justify-center rounded-full " +
            "text-muted-foreground hover:bg-white/10 hover:text-foreground md:top-5"
          }
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
