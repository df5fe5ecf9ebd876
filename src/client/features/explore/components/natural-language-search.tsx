import { Sparkles, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { DISCOVER_LIMITS } from "@shared/vocabulary";
import { DISCOVER_TEXT } from "@client/features/explore/texts";
import type { NaturalLanguageResult } from "@shared/contracts/discover";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { toast } from "@client/hooks/use-toast";
import { cn } from "@client/lib/utils";
import { useNaturalLanguageSearch } from "../api/natural-language";
import { interpretationRows, matchPercent, type InterpretationRow } from "../lib/interpretation";

interface NaturalLanguageSearchProps {
  coords: { latitude: number; longitude: number } | null;
  /** Miles, from Explore's distance selector. */
  radiusMiles: number;
  result: NaturalLanguageResult | null;
  onResult: (result: NaturalLanguageResult | null) => void;
}

const ROW_LABELS: Record<InterpretationRow["key"], string> = {
  vibes: DISCOVER_TEXT.vibes,
  categories: DISCOVER_TEXT.categories,
  features: DISCOVER_TEXT.features,
  keywords: DISCOVER_TEXT.keywords,
  unused: DISCOVER_TEXT.unused,
};

/**
 * Explore's natural-language box (spec 2): a described wish becomes a venue list, and the
 * 'AI understood' panel shows how the query was read, with a button to go back to the normal list.
 */
export function NaturalLanguageSearch({ coords, radiusMiles, result, onResult }: NaturalLanguageSearchProps) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useNaturalLanguageSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (search.isPending) return;
    // Callbacks per call: once cleared (reset) or left, a late answer no longer brings a result back.
    search.mutate(
      { query, coords, radiusMiles },
      {
        onSuccess: onResult,
        onError: (error) =>
          toast({ variant: "destructive", title: DISCOVER_TEXT.errorTitle, description: error.message }),
      },
    );
  };

  const clear = () => {
    search.reset();
    onResult(null);
    setQuery("");
    inputRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <form role="search" onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {DISCOVER_TEXT.queryLabel}
        </label>
        <div className="flex min-w-0 gap-2">
          <div className="relative min-w-0 flex-1">
            <Sparkles
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-pink-300"
            />
            <Input
              ref={inputRef}
              id={inputId}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={DISCOVER_TEXT.queryPlaceholder}
              maxLength={DISCOVER_LIMITS.queryMax}
              autoComplete="off"
              enterKeyHint="search"
              className="pl-10"
            />
          </div>
          {/* An empty box cannot be sent; text of only spaces is refused with the spec's 'Location required'. */}
          <Button
            type="submit"
            disabled={query.length === 0 || search.isPending}
            aria-busy={search.isPending || undefined}
          >
            {search.isPending ? DISCOVER_TEXT.finding : DISCOVER_TEXT.find}
          </Button>
        </div>
      </form>

      {result && <UnderstoodPanel result={result} onClear={clear} />}
    </div>
  );
}

function UnderstoodPanel({ result, onClear }: { result: NaturalLanguageResult; onClear: () => void }) {
  const headingId = useId();
  const rows = interpretationRows(result.interpretation);
  const panel = useRef<HTMLElement>(null);
  // Each new answer brings the panel, and the venues right under it, to the top of the screen.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "start" });
  }, [result]);
  return (
    <section
      ref={panel}
      aria-labelledby={headingId}
      className={
        "scroll-mt-4 rounded-2xl border border-pink-400/30 " + "bg-linear-to-br from-purple-500/15 to-pink-500/10 p-4"
      }
    >
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={headingId} className="inline-flex items-center gap-2 font-semibold">
            <Sparkles aria-hidden="true" className="size-4 text-pink-300" />
            {DISCOVER_TEXT.understood}
          </h2>
          <span className="rounded-full bg-pink-500/20 px-2.5 py-0.5 text-xs font-semibold text-pink-100 tabular-nums">
            {matchPercent(result.interpretation.confidence)}
          </span>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onClear}
          aria-label={DISCOVER_TEXT.clear}
          className="-mt-1 -mr-1 size-9 shrink-0"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {rows.length > 0 ? (
        <dl className="mt-3 flex flex-col gap-2.5">
          {rows.map((row) => (
            <div key={row.key} className="flex flex-col gap-1.5 sm:flex-row sm:items-baseline sm:gap-3">
              <dt className="w-24 shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {ROW_LABELS[row.key]}
              </dt>
              <dd className="min-w-0">
                <ul className="flex flex-wrap gap-1.5">
                  {row.items.map((item) => (
                    <li
                      key={item}
                      className={cn(
                        "rounded-full border px-2.5 py-0.5 text-xs font-medium break-words",
                        row.key === "vibes"
                          ? "border-purple-400/40 bg-purple-500/20 text-purple-100"
                          : row.key === "unused"
                            ? "border-dashed border-border text-muted-foreground"
                            : "border-border bg-secondary/60",
                      )}
                    >
                      {item}
                    </li>
                  ))}
                </ul>
                {row.key === "unused" && (
                  <p className="mt-1 text-xs text-muted-foreground">{DISCOVER_TEXT.unusedHint}</p>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{DISCOVER_TEXT.nothingRecognised}</p>
      )}
    </section>
  );
}
