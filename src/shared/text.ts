/**
 * One cleaner for every text that comes from outside: what people type (names, posts, comments,
 * group names, notes) and what venue sources and sign-in providers send. It removes what can only
 * do harm: control characters (a NUL cannot even be stored by PostgreSQL, so one such synced
 * record failed a whole sync) and the bidirectional embeddings, overrides and isolates that make
 * a name display reversed or out of order (U+202A-202E, U+2066-2069).
 */

// C0 controls but tab, line feed and carriage return; DEL and the C1 controls; bidi embeddings,
// overrides (U+202A-202E) and isolates (U+2066-2069).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, with the line breaks and tab
const UNSAFE_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * The text without control characters and bidi controls. One line (names, titles): tabs and line
 * breaks become spaces. Several lines (`multiline`: posts, comments, notes): line breaks are kept
 * as "\n" and tabs; the rest goes.
 */
export function cleanText(text: string, opts: { multiline?: boolean } = {}): string {
  if (!opts.multiline) return text.replace(/[\t\n\r]/g, " ").replace(UNSAFE_OR_BREAK, "");
  return text.replace(/\r\n?/g, "\n").replace(UNSAFE, "");
}

/**
 * A parsed JSON value with every string in it (keys too) cleaned, line breaks kept: for records
 * from venue sources, which are stored whole (jsonb refuses a NUL) and shown in part.
 */
export function cleanDeep<T>(value: T): T {
  if (typeof value === "string") return cleanText(value, { multiline: true }) as T;
  if (Array.isArray(value)) return value.map(cleanDeep) as T;
  if (value && typeof value === "object") {
    // fromEntries defines each key as data, so a "__proto__" key stays a plain key
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [cleanText(k, { multiline: true }), cleanDeep(v)]),
    ) as T;
  }
  return value;
}

// What draws nothing: white space, default-ignorable code points (zero-width spaces and joiners,
// direction marks U+200E/U+200F, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, variation
// selectors, U+FEFF...), controls, combining marks on their own, and the blank Braille pattern.
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{M}\u2800]/gu;

/**
 * Whether the text has a character that shows: a name made only of invisible or direction
 * characters reads as nobody, and lets one person pass for another (issue 27).
 */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, "").length > 0;
}
