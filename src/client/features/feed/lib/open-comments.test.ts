import { describe, expect, it } from "vitest";
import { activateComments, isCommentsActive, isCommentsOpen, noOpenComments, toggleComments } from "./open-comments";

describe("toggleComments", () => {
  it("opens a post and makes it the one that loads", () => {
    const s = toggleComments(noOpenComments, "a");
    expect(isCommentsOpen(s, "a")).toBe(true);
    expect(isCommentsActive(s, "a")).toBe(true);
  });

  it("keeps the previously opened post flagged, but only the last opened loads", () => {
    const s = toggleComments(toggleComments(noOpenComments, "a"), "b");
    expect(s.open).toEqual(["a", "b"]);
    expect(isCommentsOpen(s, "a")).toBe(true);
    expect(isCommentsActive(s, "a")).toBe(false);
    expect(isCommentsActive(s, "b")).toBe(true);
  });

  it("closes an open post; closing the loading one leaves none loading", () => {
    const ab = toggleComments(toggleComments(noOpenComments, "a"), "b");
    expect(toggleComments(ab, "a")).toEqual({ open: ["b"], active: "b" });
    expect(toggleComments(ab, "b")).toEqual({ open: ["a"], active: null });
  });
});

describe("activateComments", () => {
  it("switches loading to an open post and ignores closed ones", () => {
    const ab = toggleComments(toggleComments(noOpenComments, "a"), "b");
    expect(activateComments(ab, "a").active).toBe("a");
    expect(activateComments(ab, "zzz")).toBe(ab);
  });
});
