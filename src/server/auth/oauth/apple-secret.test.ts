import { exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { buildAppleClientSecret } from "./apple-secret";

describe("buildAppleClientSecret", () => {
  it("is an ES256 JWT (kid, iss = team, sub = client, aud = Apple), short-lived, verifiable with the key", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const now = new Date("2030-01-01T00:00:00Z");
    const jwt = await buildAppleClientSecret({
      teamId: "TEAM1",
      keyId: "KEY1",
      clientId: "com.example.web",
      privateKey: await exportPKCS8(privateKey),
      audience: "https://appleid.apple.com",
      now,
    });
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: "ES256", kid: "KEY1" });
    const { payload } = await jwtVerify(jwt, publicKey, {
      algorithms: ["ES256"],
      issuer: "TEAM1",
      subject: "com.example.web",
      audience: "https://appleid.apple.com",
      currentDate: now,
    });
    expect(payload.iat).toBe(now.getTime() / 1000);
    expect(payload.exp).toBe(now.getTime() / 1000 + 300);
  });

  it("refuses a key that is not an EC P-256 PKCS #8 key", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    await expect(
      buildAppleClientSecret({
        teamId: "T",
        keyId: "K",
        clientId: "C",
        privateKey: await exportPKCS8(privateKey),
        audience: "https://appleid.apple.com",
      }),
    ).rejects.toThrow();
  });
});
