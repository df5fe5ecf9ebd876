import { describe, expect, it } from "vitest";
import { OAUTH_ERROR_TEXT } from "@shared/vocabulary";
import { oauthErrorMessage } from "./oauth-error";

describe("oauthErrorMessage", () => {
  it("words each reason with the provider's label", () => {
    expect(oauthErrorMessage("?error=denied&provider=google")).toBe(
      OAUTH_ERROR_TEXT.denied.replace("{provider}", "Google"),
    );
    expect(oauthErrorMessage("?error=expired&provider=apple")).toBe(
      OAUTH_ERROR_TEXT.expired.replace("{provider}", "Apple"),
    );
    expect(oauthErrorMessage("?error=failed&provider=x")).toMatch(/^X sign-in did not work/);
  });
  it("shows nothing for no error, and never echoes unknown text", () => {
    expect(oauthErrorMessage("")).toBeNull();
    expect(oauthErrorMessage("?error=<script>&provider=google")).toBeNull();
    expect(oauthErrorMessage("?error=toString&provider=google")).toBeNull();
    expect(oauthErrorMessage("?error=failed&provider=<b>")).toMatch(/^Social sign-in/);
  });
});
