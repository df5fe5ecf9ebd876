import { describe, expect, it } from "vitest";
import { errorMessage, errorStatus, httpError } from "./api-error";

describe("httpError", () => {
  it("uses the body, or the status text when the body is empty (spec 8)", () => {
    expect(httpError(400, '{"message":"Bad"}', "Bad Request").message).toBe('400: {"message":"Bad"}');
    expect(httpError(502, "", "Bad Gateway").message).toBe("502: Bad Gateway");
  });
});

describe("errorMessage", () => {
  it("returns the server's message from a JSON error body", () => {
    expect(errorMessage(new Error('401: {"message":"Invalid email or password"}'), "fallback")).toBe(
      "Invalid email or password",
    );
  });

  it("keeps messages that contain colons and newlines", () => {
    expect(errorMessage(new Error('409: {"message":"Taken: try\\nagain"}'), "fallback")).toBe("Taken: try\nagain");
  });

  it("falls back for bodies that are not JSON or carry no usable message", () => {
    expect(errorMessage(new Error("500: Internal Server Error"), "fallback")).toBe("fallback");
    expect(errorMessage(new Error('400: {"error":"x"}'), "fallback")).toBe("fallback");
    expect(errorMessage(new Error('400: {"message":"  "}'), "fallback")).toBe("fallback");
    expect(errorMessage(new Error('400: {"message":42}'), "fallback")).toBe("fallback");
    expect(errorMessage(new Error("400: null"), "fallback")).toBe("fallback");
  });

  it("falls back for errors without a status (network failures) and non-errors", () => {
    expect(errorMessage(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
    expect(errorMessage("boom", "fallback")).toBe("fallback");
    expect(errorMessage(undefined, "fallback")).toBe("fallback");
  });
});

describe("errorStatus", () => {
  it("reads the status code of an HTTP error", () => {
    expect(errorStatus(new Error('401: {"message":"Sign in required"}'))).toBe(401);
    expect(errorStatus(new Error("Failed to fetch"))).toBeNull();
    expect(errorStatus(null)).toBeNull();
  });
});
