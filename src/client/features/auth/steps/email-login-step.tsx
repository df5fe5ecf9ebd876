import { useState, type ChangeEvent, type FormEvent } from "react";
import { AUTH_TEXT } from "@shared/constants";
import { loginBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { firstFieldErrors } from "@client/lib/form-errors";
import { useEmailLogin } from "../api/email-login";
import { FormField } from "../form-field";
import { focusFirstInvalid } from "./focus-first-invalid";
import { StepHeader } from "./step-header";
import { StepNav } from "./step-nav";

type Field = "email" | "password";

export function EmailLoginStep({ onBack, onSwitch }: { onBack: () => void; onSwitch: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ email: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const login = useEmailLogin();

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginBody.safeParse(values);
    if (!parsed.success) {
      const next = firstFieldErrors(parsed.error);
      setErrors(next);
      focusFirstInvalid(event.currentTarget, next);
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  };

  return (
    <>
      <StepHeader title="Sign in with email" subtitle="Welcome back. Enter your email and password." />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={update("email")}
          error={errors.email}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={update("password")}
          error={errors.password}
        />
        <Button type="submit" size="lg" className="mt-2" disabled={login.isPending}>
          {login.isPending ? "Signing in..." : AUTH_TEXT.signIn}
        </Button>
      </form>
      <StepNav onBack={onBack} switchPrompt="New to VIBE?" switchLabel="Create an account" onSwitch={onSwitch} />
    </>
  );
}
