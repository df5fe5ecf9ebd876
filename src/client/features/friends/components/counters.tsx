import type { UseQueryResult } from "@tanstack/react-query";

interface Counter {
  label: string;
  query: Pick<UseQueryResult<unknown[]>, "data" | "isPending">;
}

/** The header's three counts (spec 2: Friends, Groups, Requests); a dash until a list has loaded. */
export function Counters({ counters }: { counters: Counter[] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      {counters.map(({ label, query }) => (
        <div
          key={label}
          className="flex flex-col-reverse items-center rounded-2xl border border-border bg-card px-2 py-3 text-center"
        >
          <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums" aria-busy={query.isPending || undefined}>
            {query.data ? query.data.length : "–"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
