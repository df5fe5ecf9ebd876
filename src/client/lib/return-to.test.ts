import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetReturnTo, isReturnPage, rememberReturnTo, takeReturnTo } from "./return-to";

describe("return-to", () => {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    const sessionStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    (globalThis as { window?: unknown }).window = { sessionStorage };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("accepts the app's pages and nothing else", () => {
    expect(isReturnPage("/feed")).toBe(true);
    expect(isReturnPage("/friends?tab=groups")).toBe(true);
    expect(isReturnPage("/")).toBe(true);
    expect(isReturnPage("/?near=37.76,-122.42")).toBe(true);
    expect(isReturnPage("//")).toBe(false);
    expect(isReturnPage("/login")).toBe(false);
    expect(isReturnPage("//evil.example/feed")).toBe(false);
    expect(isReturnPage("https://evil.example/feed")).toBe(false);
    expect(isReturnPage("/feedback")).toBe(false);
  });

  it("gives the remembered page back once", () => {
    rememberReturnTo("/saved");
    expect(takeReturnTo()).toBe("/saved");
    expect(takeReturnTo()).toBeNull();
  });

  it("does not remember a page that is not the app's", () => {
    rememberReturnTo("//evil.example");
    expect(takeReturnTo()).toBeNull();
  });

  // last: logging out leaves the module forgetting for the rest of the page's life
  it("logging out forgets the remembered page and remembers none while the page is left", () => {
    rememberReturnTo("/feed");
    forgetReturnTo();
    expect(takeReturnTo()).toBeNull();
    // the signed-out view shown at /profile before the log-out lands
    rememberReturnTo("/profile");
    expect(takeReturnTo()).toBeNull();
  });
});
