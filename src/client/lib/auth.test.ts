import { describe, expect, it } from "vitest";
import type { User } from "@shared/contracts/auth";
import { deriveAuthState } from "./auth";

const user = { id: "u1", email: "a@b.co" } as User;
const idle = { isLoading: false, isFetching: false };

describe("deriveAuthState", () => {
  it("is loading on the first fetch", () => {
    expect(deriveAuthState({ data: undefined, error: null, isLoading: true, isFetching: true })).toEqual({
      isLoading: true,
      user: null,
      isAuthenticated: false,
    });
  });

  it("is authenticated with a user that has an id", () => {
    expect(deriveAuthState({ data: user, error: null, ...idle })).toEqual({
      isLoading: false,
      user,
      isAuthenticated: true,
    });
  });

  it("is signed out on an error, or when the user has no id", () => {
    expect(deriveAuthState({ data: undefined, error: new Error("401: {}"), ...idle }).isAuthenticated).toBe(false);
    expect(deriveAuthState({ data: { ...user, id: "" }, error: null, ...idle }).isAuthenticated).toBe(false);
    expect(deriveAuthState({ data: null, error: null, ...idle }).isAuthenticated).toBe(false);
  });

  it("ignores stale data while an error is set", () => {
    expect(deriveAuthState({ data: user, error: new Error("401: {}"), ...idle })).toMatchObject({
      user: null,
      isAuthenticated: false,
    });
  });

  it("counts the refetch after an error (just signed in) as loading", () => {
    expect(
      deriveAuthState({ data: undefined, error: new Error("401: {}"), isLoading: false, isFetching: true }).isLoading,
    ).toBe(true);
    expect(deriveAuthState({ data: user, error: null, isLoading: false, isFetching: true }).isLoading).toBe(false);
  });
});
