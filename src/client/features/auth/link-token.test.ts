import { describe, expect, it } from "vitest";
import { linkRefusal, takeLinkToken } from "./link-token";

const token = "a".repeat(21) + "_-" + "Z9".repeat(10);
const at = (hash: string) => ({ hash });

describe("link tokens", () => {
  it("reads the token from the fragment only, and only in its own shape", () => {
    expect(token).toHaveLength(43);
    expect(takeLinkToken(at(`#token=${token}`))).toBe(token);
    expect(takeLinkToken(at(""))).toBeNull();
    expect(takeLinkToken(at("#token=short"))).toBeNull();
    expect(takeLinkToken(at(`#token=${token}x`))).toBeNull();
    expect(takeLinkToken(at(`#other=${token}`))).toBeNull();
  });

  it("tells why the server refused a link, from its 400 answer", () => {
    const refused = (reason: string) => new Error(`400: ${JSON.stringify({ message: "m", reason })}`);
    expect(linkRefusal(refused("expired"))).toBe("expired");
    expect(linkRefusal(refused("used"))).toBe("used");
    expect(linkRefusal(refused("invalid"))).toBe("invalid");
    expect(linkRefusal(refused("other"))).toBeNull();
    expect(
      linkRefusal(new Error(`400: ${JSON.stringify({ message: "Password must be at least 8 characters" })}`)),
    ).toBeNull();
    expect(linkRefusal(new Error("429: {}"))).toBeNull();
    expect(linkRefusal("nope")).toBeNull();
  });
});
