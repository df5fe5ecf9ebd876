/** Internal steps of the login screen (spec 2 and 4). */
export type LoginStep =
  | "landing"
  | "signin-providers"
  | "signup-providers"
  | "email-login"
  | "email-signup"
  | "forgot-password"
  | "email-link";

const PARENT: Record<LoginStep, LoginStep | null> = {
  landing: null,
  "signin-providers": "landing",
  "signup-providers": "landing",
  "email-login": "signin-providers",
  "email-signup": "signup-providers",
  // "Forgot password?" on the email login step
  "forgot-password": "email-login",
  // "Email me a sign-in link" on the email login step
  "email-link": "email-login",
};

/** Back returns one level; from the first step there is nothing to go back to inside the screen. */
export function previousStep(step: LoginStep): LoginStep | null {
  return PARENT[step];
}

/** The switch link between the two email forms. */
export function otherEmailStep(step: "email-login" | "email-signup"): "email-login" | "email-signup" {
  return step === "email-login" ? "email-signup" : "email-login";
}

/**
 * The step the screen opens on: `?step=forgot-password` (the link in a failed sign-ins mail, and a
 * reset page whose link expired) opens the reset request; `?step=email-link` (the failed sign-ins
 * mail, a sign-in link that expired) the sign-in link request; `?step=email-signup` / `?step=email-login`
 * (Email on the landing page's sign-up / sign-in chooser) open that form; anything else the first step.
 */
export function initialStep(search: string): LoginStep {
  const step = new URLSearchParams(search).get("step");
  return step === "forgot-password" || step === "email-link" || step === "email-login" || step === "email-signup"
    ? step
    : "landing";
}
