import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { oauthConfigFromEnv } from "./config";

const pem =
  "-----BEGIN PRIVATE KEY-----\\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\\n-----END PRIVATE KEY-----";

describe("social sign-in configuration", () => {
  it("nothing set: no provider configured", () => {
    expect(oauthConfigFromEnv({})).toEqual({ google: null, apple: null, x: null });
  });

  it("credentials alone use the real providers' addresses", () => {
    const c = oauthConfigFromEnv({
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "gs",
      APPLE_CLIENT_ID: "a",
      APPLE_TEAM_ID: "t",
      APPLE_KEY_ID: "k",
      APPLE_PRIVATE_KEY: pem,
      X_CLIENT_ID: "x",
      X_CLIENT_SECRET: "xs",
    });
    expect(c.google).toMatchObject({
      issuer: "https://accounts.google.com",
      authorizationUrl: null,
      tokenUrl: null,
      jwksUrl: null,
    });
    expect(c.apple).toMatchObject({
      issuer: "https://appleid.apple.com",
      authorizationUrl: "https://appleid.apple.com/auth/authorize",
      tokenUrl: "https://appleid.apple.com/auth/token",
      jwksUrl: "https://appleid.apple.com/auth/keys",
    });
    expect(c.apple!.privateKey).toContain("\n");
    expect(c.x).toMatchObject({
      authorizationUrl: "https://x.com/i/oauth2/authorize",
      tokenUrl: "https://api.x.com/2/oauth2/token",
      userinfoUrl: "https://api.x.com/2/users/me",
    });
  });

  it.each([
    [
      { GOOGLE_CLIENT_ID: "g" },
      "Invalid environment variable GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set",
    ],
    [
      { X_CLIENT_ID: "x", X_CLIENT_SECRET: "s", X_TOKEN_URL: "http://api.example.com/token" },
      "Invalid environment variable X_TOKEN_URL: must be an https:// URL (http:// only on localhost)",
    ],
    [
      { APPLE_CLIENT_ID: "a", APPLE_TEAM_ID: "t", APPLE_KEY_ID: "k", APPLE_PRIVATE_KEY: "secret" },
      "Invalid environment variable APPLE_PRIVATE_KEY: must be the PKCS #8 PEM",
    ],
  ])("a bad or partial setting stops the server with one line naming it (%o)", (env, message) => {
    expect(() => loadConfig({ ...env, SESSION_SECRET: "x".repeat(32) })).toThrow(message);
  });
});
