import { CircleAlert, CircleCheck, CircleMinus, RefreshCcw } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ADMIN_SYNC_DEFAULTS, ADMIN_TEXT } from "@client/features/admin/texts";
import { Button } from "@client/components/ui/button";
import { toast } from "@client/hooks/use-toast";
import { cn } from "@client/lib/utils";
import { useSyncVenues, type SyncSource } from "../api/sync-venues";
import { validateSyncInput, type SyncFields } from "../lib/admin-forms";
import { AdminCard } from "./admin-card";
import { AdminField, focusFirstInvalid } from "./admin-field";

type LastSync =
  | { ok: true; message: string; added: number; updated: number; unchanged: number; sources: SyncSource[] }
  | { ok: false; message: string; sources: SyncSource[] };

const DEFAULT_FIELDS: SyncFields = {
  latitude: String(ADMIN_SYNC_DEFAULTS.latitude),
  longitude: String(ADMIN_SYNC_DEFAULTS.longitude),
  radius: String(ADMIN_SYNC_DEFAULTS.radius),
};

/** Spec 2 "Sync Venues": the area to fetch (defaults of spec 9), and what the last sync did. */
export function SyncVenuesCard({ className }: { className?: string }) {
  const [fields, setFields] = useState<SyncFields>(DEFAULT_FIELDS);
  const [errors, setErrors] = useState<Partial<SyncFields>>({});
  const [last, setLast] = useState<LastSync | null>(null);
  const sync = useSyncVenues();

  const change = (name: keyof SyncFields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: event.target.value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sync.isPending) return;
    const checked = validateSyncInput(fields);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(event.currentTarget, checked.errors);
      return;
    }
    sync.mutate(checked.value, {
      onSuccess: (result) => {
        setLast({ ok: true, ...result });
        toast({ title: ADMIN_TEXT.syncComplete, description: result.message });
      },
      onError: (error) => {
        setLast({ ok: false, message: error.message, sources: error.sources });
        // the server's message starts with "Sync Failed: " too: the title says it once
        const why = error.message.replace(/^Sync Failed:\s*/i, "");
        toast({ variant: "destructive", title: ADMIN_TEXT.syncFailed, description: why });
      },
    });
  };

  return (
    <AdminCard
      title={ADMIN_TEXT.syncTitle}
      description={ADMIN_TEXT.syncDescription}
      icon={RefreshCcw}
      className={className}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <AdminField
            label={ADMIN_TEXT.latitude}
            name="latitude"
            value={fields.latitude}
            onChange={change("latitude")}
            error={errors.latitude}
            autoComplete="off"
            spellCheck={false}
          />
          <AdminField
            label={ADMIN_TEXT.longitude}
            name="longitude"
            value={fields.longitude}
            onChange={change("longitude")}
            error={errors.longitude}
            autoComplete="off"
            spellCheck={false}
          />
          <AdminField
            label={ADMIN_TEXT.radius}
            name="radius"
            inputMode="numeric"
            value={fields.radius}
            onChange={change("radius")}
            error={errors.radius}
            autoComplete="off"
          />
        </div>
        <Button
          type="submit"
          disabled={sync.isPending}
          aria-busy={sync.isPending || undefined}
          className="w-full sm:w-fit"
        >
          <RefreshCcw aria-hidden="true" className={cn(sync.isPending && "animate-spin")} />
          {sync.isPending ? ADMIN_TEXT.syncing : ADMIN_TEXT.syncSubmit}
        </Button>
      </form>
      {last && <LastSyncResult last={last} />}
    </AdminCard>
  );
}

const SOURCE_ICONS = { ok: CircleCheck, failed: CircleAlert, skipped: CircleMinus } as const;
const SOURCE_TONES = { ok: "text-emerald-300", failed: "text-red-300", skipped: "text-muted-foreground" } as const;

function LastSyncResult({ last }: { last: LastSync }) {
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{ADMIN_TEXT.lastSync}</h3>
      <p className={cn("text-sm break-words", last.ok ? "text-foreground" : "text-red-200")}>{last.message}</p>
      {last.ok && (
        <dl className="grid grid-cols-3 gap-2 text-center">
          {(
            [
              [ADMIN_TEXT.syncCounts.added, last.added],
              [ADMIN_TEXT.syncCounts.updated, last.updated],
              [ADMIN_TEXT.syncCounts.unchanged, last.unchanged],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl bg-secondary/40 px-2 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {last.sources.length > 0 && (
        <ul aria-label={ADMIN_TEXT.sourcesLabel} className="flex flex-col gap-2">
          {last.sources.map((source) => {
            const Icon = SOURCE_ICONS[source.status];
            const why = source.error ?? source.detail;
            return (
              <li
                key={source.id ?? source.name}
                className="flex min-w-0 gap-2.5 rounded-xl border border-border bg-secondary/30 px-3 py-2"
              >
                <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", SOURCE_TONES[source.status])} />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium">{source.name}</span>
                    <span className={cn("text-xs font-semibold", SOURCE_TONES[source.status])}>
                      {ADMIN_TEXT.sourceStatus[source.status]}
                    </span>
                    {source.status === "ok" && (
                      <span className="text-xs text-muted-foreground">{ADMIN_TEXT.placeCount(source.count)}</span>
                    )}
                  </p>
                  {why && <p className="mt-0.5 text-xs break-words text-muted-foreground">{why}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
