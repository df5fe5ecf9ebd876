import { describe, expect, it } from "vitest";
import { canSubmitGroup, groupBody, groupFormErrors, toggleMember } from "./group-form";

describe("groupFormErrors", () => {
  it("needs a non-blank name and at least one friend", () => {
    expect(groupFormErrors({ name: "", memberIds: [] })).toEqual({
      name: "Please enter a group name",
      members: "Please select at least one friend",
    });
    expect(groupFormErrors({ name: "   ", memberIds: ["a"] })).toEqual({ name: "Please enter a group name" });
    expect(groupFormErrors({ name: "Crew", memberIds: [] })).toEqual({ members: "Please select at least one friend" });
    expect(groupFormErrors({ name: "Crew", memberIds: ["a"] })).toEqual({});
  });
});

describe("canSubmitGroup", () => {
  it("is disabled while a rule fails or while saving", () => {
    expect(canSubmitGroup({ name: "", memberIds: ["a"] }, false)).toBe(false);
    expect(canSubmitGroup({ name: "Crew", memberIds: [] }, false)).toBe(false);
    expect(canSubmitGroup({ name: "Crew", memberIds: ["a"] }, true)).toBe(false);
    expect(canSubmitGroup({ name: "Crew", memberIds: ["a"] }, false)).toBe(true);
  });
});

describe("toggleMember and groupBody", () => {
  it("ticks and unticks friends", () => {
    expect(toggleMember([], "a")).toEqual(["a"]);
    expect(toggleMember(["a", "b"], "a")).toEqual(["b"]);
  });

  it("trims the name and drops duplicate members", () => {
    expect(groupBody({ name: "  Crew  ", memberIds: ["a", "a", "b"] })).toEqual({
      name: "Crew",
      memberIds: ["a", "b"],
    });
  });
});
