import { useId, type ComponentProps } from "react";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";

interface AdminFieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error (or hint) sits under it and is announced with it. */
export function AdminField({ label, error, hint, className, ...inputProps }: AdminFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={className ?? "flex min-w-0 flex-col gap-1.5"}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        {...inputProps}
      />
      {message && (
        <p id={messageId} className={error ? "text-sm font-medium text-red-300" : "text-xs text-muted-foreground"}>
          {message}
        </p>
      )}
    </div>
  );
}

/** Puts the cursor in the first field that failed validation. */
export function focusFirstInvalid(form: HTMLFormElement, errors: Record<string, string | undefined>): void {
  const first = Object.keys(errors).find((name) => errors[name]);
  if (!first) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}
