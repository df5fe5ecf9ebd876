/** Small SQL helpers shared by the query modules. */

/** A LIKE pattern matching `s` anywhere, lower-cased; `%`, `_` and `\` a person typed are literal (use ESCAPE '\'). */
export const likeContains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Largest value of a PostgreSQL integer column: a larger id cannot exist, so it is simply unknown. */
export const MAX_INT4 = 2_147_483_647;
