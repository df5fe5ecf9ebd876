import { describe, expect, it } from "vitest";
import { loginBody, signupBody } from "@shared/contracts/auth";
import { firstFieldErrors } from "./form-errors";

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) throw new Error("expected a validation failure");
  return firstFieldErrors(result.error as Parameters<typeof firstFieldErrors>[0]);
}

describe("firstFieldErrors", () => {
  it("gives the spec's login messages per field", () => {
    expect(errorsOf(loginBody.safeParse({ email: "nope", password: "" }))).toEqual({
      email: "Invalid email address",
      password: "Password is required",
    });
  });

  it("gives the spec's signup password message and accepts empty names", () => {
    expect(errorsOf(signupBody.safeParse({ email: "a@b.co", password: "short", firstName: "", lastName: "" }))).toEqual(
      {
        password: "Password must be at least 8 characters",
      },
    );
  });
});
