import { describe, expect, it } from "vitest";
import { formatAbsoluteTime, formatRelativeTime } from "./relative-time";

const now = new Date("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("formatRelativeTime", () => {
  it("says just now under a minute, and for times slightly in the future", () => {
    expect(formatRelativeTime(ago(0), now)).toBe("just now");
    expect(formatRelativeTime(ago(59_000), now)).toBe("just now");
    expect(formatRelativeTime(ago(-30_000), now)).toBe("just now");
  });

  it("counts minutes, hours and days, rounding down", () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe("1m ago");
    expect(formatRelativeTime(ago(5 * 60_000 + 59_000), now)).toBe("5m ago");
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe("59m ago");
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe("1h ago");
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe("23h ago");
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe("1d ago");
    expect(formatRelativeTime(ago(6 * 86_400_000), now)).toBe("6d ago");
  });

  it("shows the date after a week, with the year only when it differs", () => {
    expect(formatRelativeTime("2025-06-01T12:00:00Z", now, "UTC")).toBe("Jun 1");
    expect(formatRelativeTime("2024-12-24T12:00:00Z", now, "UTC")).toBe("Dec 24, 2024");
  });

  it("gives nothing for an unreadable date", () => {
    expect(formatRelativeTime("not a date", now)).toBe("");
  });
});

describe("formatAbsoluteTime", () => {
  it("formats date and time", () => {
    expect(formatAbsoluteTime("2025-06-15T09:05:00Z", "UTC")).toBe("Jun 15, 2025, 9:05 AM");
    expect(formatAbsoluteTime("nope")).toBe("");
  });
});
