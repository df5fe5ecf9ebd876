import { describe, expect, it } from "vitest";
import { initialStep, otherEmailStep, previousStep } from "./login-steps";

describe("login steps", () => {
  it("goes back one level", () => {
    expect(previousStep("landing")).toBeNull();
    expect(previousStep("signin-providers")).toBe("landing");
    expect(previousStep("signup-providers")).toBe("landing");
    expect(previousStep("email-login")).toBe("signin-providers");
    expect(previousStep("email-signup")).toBe("signup-providers");
    expect(previousStep("forgot-password")).toBe("email-login");
    expect(previousStep("email-link")).toBe("email-login");
  });

  it("opens on the step the address asks for, else the first step", () => {
    expect(initialStep("?step=forgot-password")).toBe("forgot-password");
    // the failed sign-ins mail and an expired sign-in link open "Email me a sign-in link"
    expect(initialStep("?step=email-link")).toBe("email-link");
    expect(initialStep("?error=denied&provider=x")).toBe("landing");
    // Email on the landing page's Sign Up / Sign In chooser opens that form, not the chooser again
    expect(initialStep("?step=email-signup")).toBe("email-signup");
    expect(initialStep("?step=email-login")).toBe("email-login");
    expect(initialStep("?step=signup-providers")).toBe("landing");
    expect(initialStep("")).toBe("landing");
  });

  it("switches between the email forms", () => {
    expect(otherEmailStep("email-login")).toBe("email-signup");
    expect(otherEmailStep("email-signup")).toBe("email-login");
  });
});
