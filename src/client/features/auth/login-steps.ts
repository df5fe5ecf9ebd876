/** Internal steps of the login screen (spec 2 and 4). */
export type LoginStep = "landing" | "signin-providers" | "signup-providers" | "email-login" | "email-signup";

const PARENT: Record<LoginStep, LoginStep | null> = {
  landing: null,
  "signin-providers": "landing",
  "signup-providers": "landing",
  "email-login": "signin-providers",
  "email-signup": "signup-providers",
};

/** Back returns one level; from the first step there is nothing to go back to inside the screen. */
export function previousStep(step: LoginStep): LoginStep | null {
  return PARENT[step];
}

/** The switch link between the two email forms. */
export function otherEmailStep(step: "email-login" | "email-signup"): "email-login" | "email-signup" {
  return step === "email-login" ? "email-signup" : "email-login";
}
