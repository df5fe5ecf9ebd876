import { BarChart3 } from "lucide-react";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { cn } from "@client/lib/utils";
import { confidencePercent, rankedVibes } from "../lib/analysis";
import { AdminCard } from "./admin-card";
import type { LastAnalysis } from "./analysis-test-card";

/** Spec 2 "Analysis Results": the last analysis, each vibe with a percentage bar. */
export function AnalysisResultsCard({ last, className }: { last: LastAnalysis | null; className?: string }) {
  return (
    <AdminCard
      title={ADMIN_TEXT.resultsTitle}
      description={ADMIN_TEXT.resultsDescription}
      icon={BarChart3}
      className={className}
    >
      {!last ? (
        <p
          className={
            "rounded-xl border border-dashed border-border px-4 " + "py-8 text-center text-sm text-muted-foreground"
          }
        >
          {ADMIN_TEXT.resultsEmpty}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{ADMIN_TEXT.method}</dt>
            <dd>
              <code className="rounded bg-secondary px-1.5 py-0.5 text-xs break-all">{last.result.method}</code>
            </dd>
            <dt className="text-muted-foreground">
              {last.kind === "text" ? ADMIN_TEXT.analyzedText : ADMIN_TEXT.analyzedImage}
            </dt>
            <dd
              className={cn("line-clamp-2 text-muted-foreground", last.kind === "image" ? "break-all" : "break-words")}
              title={last.input}
            >
              {last.input}
            </dd>
          </dl>
          {last.result.vibes.length === 0 ? (
            <p className="text-sm text-muted-foreground">{ADMIN_TEXT.noVibes}</p>
          ) : (
            <ul aria-label={ADMIN_TEXT.detectedVibes} className="flex flex-col gap-3">
              {rankedVibes(last.result).map(({ vibe, confidence }) => {
                const percent = confidencePercent(confidence);
                return (
                  <li key={vibe} className="flex flex-col gap-1">
                    <div className="flex items-baseline justify-between gap-2 text-sm">
                      <span className="font-medium">{vibe}</span>
                      <span className="text-muted-foreground tabular-nums">{percent}%</span>
                    </div>
                    <div
                      role="meter"
                      aria-label={vibe}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      aria-valuetext={`${percent}%`}
                      className="h-2 overflow-hidden rounded-full bg-secondary"
                    >
                      <div
                        className="h-full rounded-full bg-linear-to-r from-purple-500 to-pink-500"
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </AdminCard>
  );
}
