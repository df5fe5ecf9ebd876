import { describe, expect, it } from "vitest";
import { canSendComment, commentToSend } from "./comment-rules";

describe("commentToSend", () => {
  it("does not send blank or whitespace-only text", () => {
    expect(commentToSend("")).toBeNull();
    expect(commentToSend("   ")).toBeNull();
    expect(commentToSend("\n\t ")).toBeNull();
  });

  it("sends the trimmed text", () => {
    expect(commentToSend("  love it  ")).toBe("love it");
  });

  it("caps the text at 500 characters", () => {
    expect(commentToSend("a".repeat(600))).toHaveLength(500);
  });
});

describe("canSendComment", () => {
  it("is false for blank text and while a comment is being sent", () => {
    expect(canSendComment(" ")).toBe(false);
    expect(canSendComment("hi", true)).toBe(false);
    expect(canSendComment("hi")).toBe(true);
  });
});
