import { describe, expect, it } from "vitest";
import { displayName, initial } from "./user-display";

const base = { firstName: null, lastName: null, email: null, isGuest: false };

describe("displayName", () => {
  it("prefers the full name, then the email", () => {
    expect(displayName({ ...base, firstName: "Ada", lastName: "Lovelace", email: "ada@x.io" })).toBe("Ada Lovelace");
    expect(displayName({ ...base, firstName: " Ada ", email: "ada@x.io" })).toBe("Ada");
    expect(displayName({ ...base, email: "ada@x.io" })).toBe("ada@x.io");
  });

  it("shows Guest for guests and users without name or email", () => {
    expect(displayName({ ...base, isGuest: true, email: "guest@x.io" })).toBe("Guest");
    expect(displayName(base)).toBe("Guest");
    expect(displayName(null)).toBe("Guest");
  });

  it("gives a capital initial", () => {
    expect(initial({ ...base, email: "zoe@x.io" })).toBe("Z");
    expect(initial(null)).toBe("G");
  });
});
