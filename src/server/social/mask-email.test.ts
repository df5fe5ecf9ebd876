import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email";

describe("maskEmail", () => {
  it.each([
    ["sam@example.com", "s•••@example.com"],
    ["s@example.com", "s•••@example.com"],
    ["a.very.long.name+tag@mail.example.org", "a•••@mail.example.org"],
    ["émile@example.fr", "é•••@example.fr"],
    ["😀x@example.com", "😀•••@example.com"],
    ['"odd@local"@example.com', '"•••@example.com'],
  ])("%s → %s", (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it("hides an address without a local part entirely, and keeps no address as none", () => {
    expect(maskEmail("@example.com")).toBe("•••");
    expect(maskEmail("nope")).toBe("•••");
    expect(maskEmail(null)).toBeNull();
    expect(maskEmail("")).toBeNull();
  });
});
