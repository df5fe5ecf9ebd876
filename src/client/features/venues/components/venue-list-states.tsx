import { AlertCircle, Loader2, RefreshCw, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { VENUE_TEXT } from "@client/features/venues/texts";
import { Button } from "@client/components/ui/button";
import { errorMessage } from "@client/lib/api-error";
import { cn } from "@client/lib/utils";

/** The venue list failed: the spec's 'Failed to fetch venues', the server's reason when it gave one, and Retry. */
export function VenueListError({
  error,
  onRetry,
  retrying = false,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const cause = error instanceof Error ? error.cause : undefined;
  const detail = errorMessage(cause ?? error, "");
  const title =
    error instanceof Error && error.message && !/^\d{3}: /.test(error.message) ? error.message : VENUE_TEXT.fetchFailed;
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-red-500/40 bg-red-950/30 px-6 py-10 text-center",
        className,
      )}
    >
      <AlertCircle className="size-8 text-red-300" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {detail && detail !== title && <p className="max-w-md text-sm text-muted-foreground">{detail}</p>}
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={cn(retrying && "animate-spin")} />
        {VENUE_TEXT.retry}
      </Button>
    </div>
  );
}

/** A centred empty state with a title, a line and an optional action. */
export function VenueListEmpty({
  title,
  body,
  icon,
  children,
  className,
}: {
  title: string;
  body?: string;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-12 text-center",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={
          "inline-flex size-12 items-center justify-center " + "rounded-2xl bg-secondary text-pink-200 [&_svg]:size-6"
        }
      >
        {icon ?? <SearchX />}
      </span>
      <p className="text-lg font-semibold">{title}</p>
      {body && <p className="max-w-sm text-sm text-muted-foreground">{body}</p>}
      {children}
    </div>
  );
}

/** The server is fetching the area around the search (few venues known there): the list fills in as they arrive. */
export function AreaFetchingNotice({ className }: { className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "flex items-center gap-3 rounded-2xl border border-border bg-secondary/40 px-4 py-3 text-left",
        className,
      )}
    >
      <Loader2 className="size-5 shrink-0 animate-spin text-primary" aria-hidden="true" />
      <div className="flex flex-col">
        <p className="font-semibold">{VENUE_TEXT.findingPlaces}</p>
        <p className="text-sm text-muted-foreground">{VENUE_TEXT.findingPlacesBody}</p>
      </div>
    </div>
  );
}
