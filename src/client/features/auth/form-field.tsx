import { useId, type ComponentProps } from "react";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { LIMITS } from "@shared/vocabulary";

interface FormFieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error (or hint) sits under it and is announced with it. */
export function FormField({ label, error, hint, ...inputProps }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
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

/** The email address field every email step shares (sign in, sign up, a sign-in or reset link). */
export function EmailField(props: Pick<FormFieldProps, "value" | "onChange" | "error">) {
  return <FormField label="Email" name="email" type="email" inputMode="email" autoComplete="email" {...props} />;
}

/** A password being chosen (sign up, a reset, claiming a proven address), with the rule as its hint. */
export function NewPasswordField(props: Pick<FormFieldProps, "label" | "value" | "onChange" | "error">) {
  return (
    <FormField
      name="password"
      type="password"
      autoComplete="new-password"
      hint={`At least ${LIMITS.passwordMin} characters.`}
      {...props}
    />
  );
}
