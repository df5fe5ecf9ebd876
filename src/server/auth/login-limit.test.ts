import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./login-limit";

/**
 * The waits docs/sign-in.md ("Failed sign-ins") promises, pinned from the document and not from
 * LOGIN_LIMITS: a pair may fail 5 times; then it waits 1 minute, each further failure doubles the
 * wait (2, 4, 8 … minutes), at most an hour. (The API tests check the 429 and Retry-After; this
 * survived mutation testing without a unit test, bench/results/mutation.txt.)
 */
describe("backoffSeconds (docs/sign-in.md, Failed sign-ins)", () => {
  it("lets a pair fail 5 times without waiting", () => {
    for (const failures of [0, 1, 2, 3, 4]) expect(backoffSeconds(failures)).toBe(0);
  });

  it("then waits 1 minute, doubling with each further failure", () => {
    expect(backoffSeconds(5)).toBe(60);
    expect(backoffSeconds(6)).toBe(120);
    expect(backoffSeconds(7)).toBe(240);
    expect(backoffSeconds(8)).toBe(480);
    expect(backoffSeconds(10)).toBe(1920);
  });

  it("waits at most an hour, however many failures", () => {
    expect(backoffSeconds(11)).toBe(3600); // 64 minutes, cut to 60
    expect(backoffSeconds(30)).toBe(3600);
    expect(backoffSeconds(10_000)).toBe(3600);
  });
});
