import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, useCallback, useState } from "react";
import { useOverlayHistory } from "@client/lib/overlay-history";
import { cn } from "@client/lib/utils";

type DialogProps = ComponentProps<typeof DialogPrimitive.Root> & {
  /** Kept in the dialog's history entry for lib/overlay-history.ts's restore (the venue panel's venue). */
  historyKind?: string;
  historyData?: unknown;
};

/**
 * A centred modal dialog on Radix Dialog: it traps focus, closes on Escape and on the overlay,
 * returns focus to what opened it and hides the page from assistive technology while open. Open,
 * it is a history entry: Back closes it (issue 26, lib/overlay-history.ts). Controlled (`open`) or
 * not, as Radix's Root.
 */
export function Dialog({ open, defaultOpen, onOpenChange, historyKind, historyData, ...props }: DialogProps) {
  const [own, setOwn] = useState(defaultOpen ?? false);
  const isOpen = open ?? own;
  const setOpen = useCallback(
    (next: boolean) => {
      if (open === undefined) setOwn(next);
      onOpenChange?.(next);
    },
    [open, onOpenChange],
  );
  useOverlayHistory(isOpen, () => setOpen(false), historyKind, historyData);
  return <DialogPrimitive.Root open={isOpen} onOpenChange={setOpen} {...props} />;
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-black/70 backdrop-blur-[2px] " +
          "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Label of the corner close button. */
  closeLabel?: string;
};

export function DialogContent({ className, children, closeLabel = "Close", ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] " +
            "max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl " +
            "border border-border bg-card text-card-foreground shadow-2xl outline-none",
          "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className={
            "absolute top-3 right-3 inline-flex size-10 items-center justify-center " +
            "rounded-full text-muted-foreground hover:bg-white/10 hover:text-foreground"
          }
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex shrink-0 flex-col gap-1.5 px-5 pt-5 pr-14 pb-3 sm:px-6", className)} {...props} />;
}

/** The scrolling middle of a dialog, between its header and its footer. */
export function DialogBody({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-4 sm:px-6", className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "flex shrink-0 flex-col-reverse gap-2 border-t border-border px-5 py-4 sm:flex-row sm:justify-end sm:px-6",
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-xl leading-tight font-bold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
