/**
 * The garbage collections of this process over a stretch of a bench (issue 28): how many, their
 * pauses in all and the longest, young generation (scavenges) apart from the rest. A collection
 * stops the app's one thread, so every request in flight waits it out: at 8 clients, how often the
 * young generation fills (bench/production-flags.ts) shows in the p95 and p99.
 */
import { constants, PerformanceObserver } from "node:perf_hooks";

interface Pauses {
  count: number;
  ms: number;
  longest: number;
}
export interface GcPauses {
  young: Pauses;
  other: Pauses;
}

const none = (): Pauses => ({ count: 0, ms: 0, longest: 0 });

/** Starts watching; the returned function stops and says what was collected meanwhile. */
export function watchGc(): () => GcPauses {
  const seen: GcPauses = { young: none(), other: none() };
  const count = (entries: readonly PerformanceEntry[]) => {
    for (const e of entries) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const p = kind === constants.NODE_PERFORMANCE_GC_MINOR ? seen.young : seen.other;
      p.count++;
      p.ms += e.duration;
      p.longest = Math.max(p.longest, e.duration);
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  return () => {
    // entries reach the callback a task later: those not delivered yet are taken here
    count(observer.takeRecords());
    observer.disconnect();
    return seen;
  };
}

const pauses = (p: Pauses, what: string) =>
  `${p.count} ${what}${p.count === 1 ? "" : "s"} ${p.ms.toFixed(0)} ms (longest ${p.longest.toFixed(1)} ms)`;

/** "gc: 29 scavenges 46 ms (longest 3.2 ms), 1 other 22 ms (longest 22.0 ms)". */
export const fmtGc = (g: GcPauses) =>
  `gc: ${pauses(g.young, "scavenge")}` + (g.other.count ? `, ${pauses(g.other, "other")}` : "");
