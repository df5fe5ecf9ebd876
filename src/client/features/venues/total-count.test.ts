import { describe, expect, it } from "vitest";
import { VENUE_TEXT } from "./texts";
import { nextOffset } from "./api/match-venues";
import { MAX_EXACT_TOTAL, MAX_VENUE_OFFSET, parseTotalHeader, totalHeaderValue } from "@shared/contracts/venues";

/** Issue 28: a list's size is exact up to MAX_EXACT_TOTAL and "10000+" past it, shown "10,000+". */
describe("x-total-count past the count's cap", () => {
  it("says the number up to the cap and 10000+ past it, and reads both back", () => {
    expect(MAX_EXACT_TOTAL).toBe(10_000);
    expect(totalHeaderValue(0)).toBe("0");
    expect(totalHeaderValue(MAX_EXACT_TOTAL)).toBe("10000");
    expect(totalHeaderValue(MAX_EXACT_TOTAL + 1)).toBe("10000+");
    expect(totalHeaderValue(626_724)).toBe("10000+");
    expect(parseTotalHeader("0")).toBe(0);
    expect(parseTotalHeader("10000")).toBe(MAX_EXACT_TOTAL);
    expect(parseTotalHeader("10000+")).toBe(MAX_EXACT_TOTAL + 1);
    for (const bad of [null, "", "-1", "1.5", "12+", "10000++", " 5", "abc"]) expect(parseTotalHeader(bad)).toBeNull();
  });

  it('shows "10,000+" where a count past the cap is read, the exact figure under it', () => {
    expect(VENUE_TEXT.total(1234)).toBe("1,234");
    expect(VENUE_TEXT.total(MAX_EXACT_TOTAL + 1)).toBe("10,000+");
    expect(VENUE_TEXT.venueCount(1)).toBe("1 venue");
    expect(VENUE_TEXT.venueCount(MAX_EXACT_TOTAL)).toBe("10,000 venues");
    expect(VENUE_TEXT.venueCount(MAX_EXACT_TOTAL + 1)).toBe("10,000+ venues");
    expect(VENUE_TEXT.shownOf(100, 1234)).toBe("Showing 100 of 1,234");
    expect(VENUE_TEXT.shownOf(200, MAX_EXACT_TOTAL + 1)).toBe("Showing 200 of 10,000+");
    expect(VENUE_TEXT.confirmedCount(12, 60)).toBe("12 confirmed · 48 likely");
    expect(VENUE_TEXT.confirmedCount(12, MAX_EXACT_TOTAL + 1)).toBe("12 confirmed · 9,988+ likely");
    expect(VENUE_TEXT.ratingSortNoneRated(MAX_EXACT_TOTAL + 1)).toContain("None of these 10,000+ venues");
  });

  it("pages go on past a capped total while offset allows, and stop at an exact one", () => {
    const page = (offset: number, n: number, total: number | null) => ({
      venues: Array.from({ length: n }, () => ({}) as never),
      offset,
      total,
      confirmed: total,
      fetching: false,
    });
    const capped = MAX_EXACT_TOTAL + 1;
    expect(nextOffset(page(0, 100, capped))).toBe(100);
    expect(nextOffset(page(MAX_VENUE_OFFSET - 100, 100, capped))).toBe(MAX_VENUE_OFFSET);
    expect(nextOffset(page(MAX_VENUE_OFFSET, 100, capped))).toBeUndefined();
    expect(nextOffset(page(0, 100, 150))).toBe(100);
    expect(nextOffset(page(100, 50, 150))).toBeUndefined();
    expect(nextOffset(page(0, 100, null))).toBeUndefined();
  });
});
