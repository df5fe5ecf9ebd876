import { describe, expect, it } from "vitest";
import { otherEmailStep, previousStep } from "./login-steps";

describe("login steps", () => {
  it("goes back one level", () => {
    expect(previousStep("landing")).toBeNull();
    expect(previousStep("signin-providers")).toBe("landing");
    expect(previousStep("signup-providers")).toBe("landing");
    expect(previousStep("email-login")).toBe("signin-providers");
    expect(previousStep("email-signup")).toBe("signup-providers");
  });

  it("switches between the email forms", () => {
    expect(otherEmailStep("email-login")).toBe("email-signup");
    expect(otherEmailStep("email-signup")).toBe("email-login");
  });
});
