import { describe, expect, it } from "vitest";
import { avatarSrc, personInitials, personName } from "./person";

describe("personName", () => {
  it("prefers the full name, then the email, then the fallback", () => {
    expect(personName({ firstName: "Ada", lastName: "Lovelace", email: "ada@x.io" })).toBe("Ada Lovelace");
    expect(personName({ firstName: " Ada ", lastName: null })).toBe("Ada");
    expect(personName({ firstName: null, lastName: "  ", email: "ada@x.io" })).toBe("ada@x.io");
    expect(personName({ firstName: null, lastName: null })).toBe("VIBE user");
    expect(personName({ firstName: "", lastName: "" }, "Someone")).toBe("Someone");
  });
});

describe("personInitials", () => {
  it("takes the first letters of the first and last names", () => {
    expect(personInitials({ firstName: "ada", lastName: "lovelace" })).toBe("AL");
    expect(personInitials({ firstName: "Ada", lastName: null })).toBe("A");
    expect(personInitials({ firstName: null, lastName: "Byron" })).toBe("B");
  });

  it("falls back to the email, then to a question mark", () => {
    expect(personInitials({ firstName: null, lastName: null, email: "zoe@x.io" })).toBe("Z");
    expect(personInitials({ firstName: null, lastName: null })).toBe("?");
  });
});

describe("avatarSrc", () => {
  it("sends remote pictures through the image proxy and keeps local ones", () => {
    expect(avatarSrc("https://lh3.googleusercontent.com/a/b c")).toBe(
      "/api/proxy-image?url=https%3A%2F%2Flh3.googleusercontent.com%2Fa%2Fb%20c",
    );
    expect(avatarSrc("/avatars/1.png")).toBe("/avatars/1.png");
    expect(avatarSrc("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
  });

  it("refuses anything else", () => {
    expect(avatarSrc(null)).toBeNull();
    expect(avatarSrc("  ")).toBeNull();
    expect(avatarSrc("//evil.example/x.png")).toBeNull();
    expect(avatarSrc("javascript:alert(1)")).toBeNull();
  });
});
