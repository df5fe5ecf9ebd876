import { AlertCircle, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "@client/lib/api-error";
import { cn } from "@client/lib/utils";
import { Button } from "./button";

interface ErrorPanelProps {
  title: string;
  /** The failure; the server's message, when it sent one, is shown under the title. */
  error?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
  className?: string;
}

/** An inline failure: what failed, the server's reason when there is one, and Retry. */
export function ErrorPanel({
  title,
  error,
  onRetry,
  retrying = false,
  retryLabel = "Retry",
  className,
}: ErrorPanelProps) {
  // A thrown wrapper ("Failed to search users") carries the server's error as its cause.
  const detail =
    error === undefined
      ? ""
      : errorMessage(error instanceof Error && error.cause !== undefined ? error.cause : error, "");
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-red-500/40 bg-red-950/30 px-5 py-8 text-center",
        className,
      )}
    >
      <AlertCircle className="size-7 text-red-300" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {detail && detail !== title && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={cn(retrying && "animate-spin")} />
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

interface EmptyPanelProps {
  title: string;
  body?: string;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Heading level of the title (default 2). */
  level?: 2 | 3;
}

/** A centred empty state with a title, a line and optional actions. */
export function EmptyPanel({ title, body, icon, children, className, level = 2 }: EmptyPanelProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-5 py-10 text-center",
        className,
      )}
    >
      {icon && (
        <span
          aria-hidden="true"
          className={
            "inline-flex size-12 items-center justify-center " + "rounded-2xl bg-secondary text-pink-200 [&_svg]:size-6"
          }
        >
          {icon}
        </span>
      )}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {body && <p className="max-w-sm text-sm text-muted-foreground">{body}</p>}
      {children && <div className="mt-1 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
