import { describe, expect, it } from "vitest";
import { hashPassword, lowerPasswordHashingForTests, verifyPassword } from "./passwords";

// One file, in order: production's cost first, then what the test servers switch to.
describe("password hashing", () => {
  let production = "";

  it("hashes with argon2id at OWASP's baseline: 19 MiB, 2 iterations, 1 lane, a fresh salt each time", async () => {
    production = await hashPassword("correct horse battery staple");
    expect(production).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword("correct horse battery staple")).not.toBe(production);
    expect(await verifyPassword(production, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(production, "correct horse battery stapler")).toBe(false);
  });

  it("an unknown email (no stored hash) is a miss, and a stored value that is no hash never matches", async () => {
    expect(await verifyPassword(null, "correct horse battery staple")).toBe(false);
    expect(await verifyPassword("not-a-hash", "not-a-hash")).toBe(false);
  });

  it("test servers' cost is still argon2id, and production's hashes still verify under it", async () => {
    lowerPasswordHashingForTests();
    const cheap = await hashPassword("correct horse battery staple");
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(cheap, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(cheap, "Correct horse battery staple")).toBe(false);
    // verify reads the cost from the stored hash, not from the current setting
    expect(await verifyPassword(production, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(null, "anything")).toBe(false);
  });
});
