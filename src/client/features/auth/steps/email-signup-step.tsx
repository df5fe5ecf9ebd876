import { useState, type ChangeEvent, type FormEvent } from "react";
import { LIMITS } from "@shared/constants";
import { signupBody } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { firstFieldErrors } from "@client/lib/form-errors";
import { useEmailSignup } from "../api/email-signup";
import { FormField } from "../form-field";
import { focusFirstInvalid } from "./focus-first-invalid";
import { StepHeader } from "./step-header";
import { StepNav } from "./step-nav";

type Field = "email" | "password" | "firstName" | "lastName";

export function EmailSignupStep({ onBack, onSwitch }: { onBack: () => void; onSwitch: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ email: "", password: "", firstName: "", lastName: "" });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const signup = useEmailSignup();

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signupBody.safeParse(values);
    if (!parsed.success) {
      const next = firstFieldErrors(parsed.error);
      setErrors(next);
      focusFirstInvalid(event.currentTarget, next);
      return;
    }
    setErrors({});
    signup.mutate(parsed.data);
  };

  return (
    <>
      <StepHeader title="Sign up with email" subtitle="Create your free VIBE account." />
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
          autoComplete="new-password"
          value={values.password}
          onChange={update("password")}
          error={errors.password}
          hint={`At least ${LIMITS.passwordMin} characters.`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="First name (optional)"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={update("firstName")}
            error={errors.firstName}
          />
          <FormField
            label="Last name (optional)"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={update("lastName")}
            error={errors.lastName}
          />
        </div>
        <Button type="submit" size="lg" className="mt-2" disabled={signup.isPending}>
          {signup.isPending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
      <StepNav onBack={onBack} switchPrompt="Already have an account?" switchLabel="Sign in" onSwitch={onSwitch} />
    </>
  );
}
