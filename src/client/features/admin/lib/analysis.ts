import type { AnalysisResult } from "@shared/contracts/admin";

/** A confidence of 0 to 1 as a whole percent, kept within 0 to 100. */
export function confidencePercent(confidence: number): number {
  if (!Number.isFinite(confidence)) return 0;
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100);
}

/** The 'Analysis Complete' toast's text (spec 8): "vibe-model-v3: Romantic 92%, Cozy 70%". */
export function analysisSummary(result: AnalysisResult): string {
  const vibes = result.vibes.map((v) => `${v.vibe} ${confidencePercent(v.confidence)}%`);
  return `${result.method}: ${vibes.length ? vibes.join(", ") : "no vibes detected"}`;
}

/** The vibes strongest first (the server's order is not relied on). */
export function rankedVibes(result: AnalysisResult): AnalysisResult["vibes"] {
  return [...result.vibes].sort((a, b) => b.confidence - a.confidence);
}
