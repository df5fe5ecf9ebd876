import { useState, type ChangeEvent, type FormEvent } from "react";
import type { z } from "zod";
import { firstFieldErrors } from "@client/lib/form-errors";
import { focusFirstInvalid } from "./focus-first-invalid";

/**
 * State of an email step's form: values, each field's message, and a submit that validates with
 * the shared schema (showing the spec's messages and focusing the first bad field) before calling
 * `onValid` with the parsed input.
 */
export function useEmailForm<F extends string, S extends z.ZodType>(
  initial: Record<F, string>,
  schema: S,
  onValid: (input: z.infer<S>) => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const update = (field: F) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next = firstFieldErrors(parsed.error);
      setErrors(next);
      focusFirstInvalid(event.currentTarget, next);
      return;
    }
    setErrors({});
    onValid(parsed.data);
  };

  return { values, errors, update, submit };
}
