/**
 * San Francisco's entertainment permit types (the Entertainment Commission's `active_licenses`
 * codes) and what each allows, in the words a person reads. The file and the join to venues are in
 * venues/permits.ts; how the blend reads them, in blend.ts (PERMIT_RULES).
 */

/** The permit types of the file. */
export const PERMIT_CODES = ["POE", "LLP", "BP", "EHP", "MAD", "FPAS"] as const;
export type PermitCode = (typeof PERMIT_CODES)[number];

/** Whose permits they are, as the details sheet credits them. */
export const PERMIT_SOURCE = "SF Entertainment Commission";

/** What each permit allows: Place of Entertainment, Limited Live Performance, Billiard or Pool Tables, … */
export const PERMIT_WORDS: Record<PermitCode, string> = {
  POE: "Licensed for live entertainment",
  LLP: "Licensed for small live performances",
  BP: "Licensed for pool tables",
  EHP: "Licensed to stay open between 2 and 6 AM",
  MAD: "Licensed for arcade games",
  FPAS: "Licensed for amplified sound",
};

/** "Licensed for live entertainment — SF Entertainment Commission" */
export const permitLine = (code: PermitCode) => `${PERMIT_WORDS[code]} — ${PERMIT_SOURCE}`;

/** One line per permit type held, in PERMIT_CODES order. */
export function permitLines(codes: readonly PermitCode[]): string[] {
  return PERMIT_CODES.filter((c) => codes.includes(c)).map(permitLine);
}
