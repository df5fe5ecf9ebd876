/**
 * Every file in bench/results/ says at its top when its figures were measured, on which commit, with
 * which settings and on how loaded a machine (issue 29 item 2): the five lines bench/header.ts
 * prints, or the same five written by hand for figures measured before it (then saying what was not
 * recorded). A figure without them cannot be reproduced or told stale.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { benchHeader, maskSecrets } from "../../bench/header";

const dir = "bench/results";
const files = readdirSync(dir).filter((f) => f.endsWith(".txt"));

/** The five header lines, in order, as bench/header.ts writes them. */
const HEADER = [
  /^# bench\/[\w-]+\.ts\b/,
  /^# date: 20\d\d-\d\d-\d\d/,
  /^# commit: [0-9a-f]{7,}/,
  /^# settings: \S/,
  /^# machine: .*load average/,
];

describe("bench/results", () => {
  it("has files", () => expect(files.length).toBeGreaterThan(5));

  for (const file of files) {
    it(`${file} starts with the bench, date, commit, settings and machine load`, () => {
      const lines = readFileSync(`${dir}/${file}`, "utf8").split("\n");
      for (const [i, re] of HEADER.entries()) expect(lines[i], `${file} line ${i + 1}`).toMatch(re);
    });
  }

  it("bench/header.ts writes those lines, with no password from a database URL", () => {
    process.env.BENCH_TEST_URL = "postgres://postgres:hunter2@127.0.0.1:5432/test";
    try {
      const lines = benchHeader("bench/x.ts", { size: 10 }, new Date("2026-11-27T12:00:00.123Z"));
      expect(lines).toHaveLength(HEADER.length);
      for (const [i, re] of HEADER.entries()) expect(lines[i]).toMatch(re);
      expect(lines[1]).toBe("# date: 2026-11-27T12:00:00Z");
      expect(lines[3]).toContain("size=10");
      expect(lines[3]).toContain("BENCH_TEST_URL=postgres://postgres:***@127.0.0.1:5432/test");
      expect(lines.join("\n")).not.toContain("hunter2");
      expect(maskSecrets("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
    } finally {
      delete process.env.BENCH_TEST_URL;
    }
  });
});
