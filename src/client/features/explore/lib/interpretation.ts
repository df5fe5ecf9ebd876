import type { Interpretation } from "@shared/contracts/discover";

/** "Bar, wine bar" -> "Bar" (spec 2: categories show their first part before a comma). */
export function categoryLabel(category: string): string {
  return category.split(",")[0].trim();
}

/** "live_music" -> "live music" (spec 2: features show underscores as spaces). */
export function attributeLabel(attribute: string): string {
  return attribute.replace(/_+/g, " ").trim();
}

/** 0.92 -> "92% match". */
export function matchPercent(confidence: number): string {
  const value = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
  return `${Math.round(value * 100)}% match`;
}

export interface InterpretationRow {
  /** `unused`: words the search did not use ("wine" of "wine bar"), shown rather than claimed. */
  key: "vibes" | "categories" | "features" | "keywords" | "unused";
  items: string[];
}

/** Labels shown once each, in order, blanks dropped ("Bar, wine bar" and "Bar, pub" are one "Bar"). */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toLocaleLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** The panel's rows, each only when the query used it. */
export function interpretationRows(interpretation: Interpretation): InterpretationRow[] {
  const rows: InterpretationRow[] = [
    { key: "vibes", items: distinct(interpretation.vibes.map((v) => v.trim())) },
    { key: "categories", items: distinct(interpretation.categories.map(categoryLabel)) },
    { key: "features", items: distinct(interpretation.attributes.map(attributeLabel)) },
    { key: "keywords", items: distinct(interpretation.searchTerms.map((t) => t.trim())) },
    { key: "unused", items: distinct((interpretation.unused ?? []).map((t) => t.trim())) },
  ];
  return rows.filter((row) => row.items.length > 0);
}
