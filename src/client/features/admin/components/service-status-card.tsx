import { Activity, RefreshCw } from "lucide-react";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { ErrorPanel } from "@client/components/ui/state-panel";
import { cn } from "@client/lib/utils";
import { useServiceStatus } from "../api/service-status";
import { AdminCard } from "./admin-card";

/** Spec 2 "Service Status": each service with a coloured dot and the word, never colour alone. */
export function ServiceStatusCard({ className }: { className?: string }) {
  const status = useServiceStatus();
  const services = status.data;
  const availableCount = services?.filter((s) => s.available).length ?? 0;

  return (
    <AdminCard
      title={ADMIN_TEXT.servicesTitle}
      description={ADMIN_TEXT.servicesDescription}
      icon={Activity}
      className={className}
      actions={
        <Button variant="outline" size="sm" onClick={() => void status.refetch()} disabled={status.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(status.isFetching && "animate-spin")} />
          {ADMIN_TEXT.refresh}
        </Button>
      }
    >
      {status.isError && <ErrorPanel title={ADMIN_TEXT.servicesFailed} error={status.error} className="py-6" />}
      {status.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">{ADMIN_TEXT.servicesLoading}</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full rounded-xl" />
          ))}
        </div>
      ) : services && services.length === 0 ? (
        <p className="text-sm text-muted-foreground">{ADMIN_TEXT.servicesEmpty}</p>
      ) : services ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {ADMIN_TEXT.servicesSummary(availableCount, services.length)}
          </p>
          <ul
            aria-label={ADMIN_TEXT.servicesTitle}
            aria-busy={status.isFetching || undefined}
            className="grid gap-2 md:grid-cols-2"
          >
            {services.map((service) => (
              <li
                key={service.name}
                className="flex min-w-0 gap-3 rounded-xl border border-border bg-secondary/30 px-3 py-2.5"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "mt-1.5 size-2.5 shrink-0 rounded-full",
                    service.available ? "bg-emerald-400 shadow-[0_0_8px] shadow-emerald-400/60" : "bg-red-400",
                  )}
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <p className="font-medium break-words">{service.name}</p>
                    <p className={cn("text-xs font-semibold", service.available ? "text-emerald-300" : "text-red-300")}>
                      {service.available ? ADMIN_TEXT.available : ADMIN_TEXT.unavailable}
                    </p>
                  </div>
                  {service.detail && (
                    <p className="mt-0.5 text-xs break-words text-muted-foreground">{service.detail}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </AdminCard>
  );
}
