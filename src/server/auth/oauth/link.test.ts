import { describe, expect, it } from "vitest";
import { decideAccount, isVerifiedClaim } from "./link";

const base = { identityUserId: null, email: "ada@example.com", emailVerified: true, emailOwnerId: null, guestId: null };

describe("decideAccount", () => {
  it("a known identity decides, whatever the email says", () => {
    expect(decideAccount({ ...base, identityUserId: "u1", emailOwnerId: "u2" })).toEqual({
      kind: "returning",
      userId: "u1",
    });
  });
  it("a verified email with an account links to it", () => {
    expect(decideAccount({ ...base, emailOwnerId: "u2", guestId: "g" })).toEqual({ kind: "link", userId: "u2" });
  });
  it("an unverified email never links and is not kept on the new account", () => {
    expect(decideAccount({ ...base, emailVerified: false, emailOwnerId: "u2" })).toEqual({
      kind: "create",
      email: null,
      upgradeGuestId: null,
    });
  });
  it("a verified email nobody has goes on the new account; a guest's account is the one upgraded", () => {
    expect(decideAccount(base)).toEqual({ kind: "create", email: "ada@example.com", upgradeGuestId: null });
    expect(decideAccount({ ...base, guestId: "g" })).toEqual({
      kind: "create",
      email: "ada@example.com",
      upgradeGuestId: "g",
    });
  });
  it("no email at all (X) creates an account without one", () => {
    expect(decideAccount({ ...base, email: null, emailVerified: false })).toEqual({
      kind: "create",
      email: null,
      upgradeGuestId: null,
    });
  });
});

describe("isVerifiedClaim", () => {
  it('takes true and Apple\'s "true", nothing else', () => {
    expect([true, "true", false, "false", 1, undefined, null, "TRUE"].map(isVerifiedClaim)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
