/**
 * Phone numbers as a venue shows them. North American numbers become "(415) 553-1470"; a number
 * on the 555 exchange is fictional (reserved for films and examples) and is dropped, since a real
 * Call button must not ring a made-up number. Other numbers are kept as written, whitespace tidied.
 */

/** The first number of a "a; b" list, in display form, or null. */
export function displayPhone(raw: string | null | undefined): string | null {
  if (typeof raw !== "string") return null;
  // "¨+1-415-..." and other stray marks before the number are dropped
  const first = raw
    .split(/[;,]/)[0]
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[^\d+(]+/, "");
  if (!first || first.length > 60) return null;
  const digits = first.replace(/\D/g, "");
  const foreign = first.startsWith("+") && !first.startsWith("+1");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (!foreign && national.length === 10) {
    if (isFictional(national)) return null;
    return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  }
  if (!foreign && digits.length === 7 && digits.startsWith("555")) return null;
  // "+1 415 398 355 55": a North American number with the wrong number of digits cannot be dialled
  if (first.startsWith("+1")) return null;
  return first;
}

/**
 * A 10-digit North American number on the fictional 555 exchange (555-0100 to 555-0199 and, in
 * practice, every 555-xxxx a data set carries), or one that cannot be dialled: an area code or
 * exchange starting with 0 or 1 ("(415) 054-0880" in the 2016 permit list).
 */
export function isFictional(national: string): boolean {
  return national.slice(3, 6) === "555" || /^[01]/.test(national) || /^[01]/.test(national.slice(3));
}
