/** Puts the cursor in the first field that failed validation. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string>): void {
  const [first] = Object.keys(errors);
  if (!first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
