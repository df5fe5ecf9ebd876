import * as ToastPrimitives from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { closeTopOverlay } from "@client/lib/overlay-history";
import { TOAST, TOAST_VIEWPORT } from "@client/lib/texts";
import { cn } from "@client/lib/utils";

export function ToastProvider(props: ComponentProps<typeof ToastPrimitives.Provider>) {
  return (
    <ToastPrimitives.Provider
      duration={TOAST.durationMs}
      swipeDirection="right"
      swipeThreshold={TOAST.swipeThresholdPx}
      {...props}
    />
  );
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      hotkey={[...TOAST_VIEWPORT.hotkey]}
      label={TOAST_VIEWPORT.label}
      className={cn(
        // At the top, centred from sm up: bottom-right covered the details sheet's Share and Save, the
        // admin's Add Owner and dialogs' buttons; the top centre holds headings, not actions (issue 17,
        // tests/e2e/toasts.test.ts measures it on desktop and phone).
        "fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse " +
          "p-4 sm:left-1/2 sm:max-w-[420px] sm:-translate-x-1/2",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-2xl " +
    "border p-5 pr-10 shadow-2xl data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out " +
    "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform " +
    "data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=end]:animate-toast-swipe-out " +
    "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
  {
    variants: {
      variant: {
        default: "border-border bg-popover text-popover-foreground",
        destructive: "border-red-500/60 bg-red-950 text-red-50",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

/**
 * A toast is the topmost layer once shown, so Radix gives it the Escape key first: with a panel or
 * dialog open beneath it, Escape closed only the toast (issue 26). Escape closes both: the toast, and
 * the topmost open overlay (lib/overlay-history.ts), as a person who pressed it meant.
 */
export function Toast({ className, variant, onEscapeKeyDown, ...props }: ToastProps) {
  return (
    <ToastPrimitives.Root
      className={cn(toastVariants({ variant }), className)}
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        closeTopOverlay();
      }}
      {...props}
    />
  );
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-lg " +
          "border border-border px-3 text-sm font-medium hover:bg-white/10",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Close"
      className={cn(
        "absolute top-2 right-2 rounded-md p-1 text-current opacity-70 hover:opacity-100 focus-visible:opacity-100",
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn("text-sm opacity-90", className)} {...props} />;
}
