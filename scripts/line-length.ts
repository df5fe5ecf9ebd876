/**
 * No line over 120 characters (issue 19): Biome formats at 120 columns but leaves long strings, template literals and
 * comments past it. Run by `npm run lint`; prints file:line for each line over the limit and fails.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const MAX = 120;
/** Checked folders. */
const FOLDERS = ["src", "tests", "bench", "scripts"];
/**
 * Data tables and opaque data, allowed to stay long: one row per line reads better than wrapped rows, and an SVG
 * path's numbers mean nothing split across lines.
 */
const TABLES = new Set([
  "src/server/vibes/data/lexicon.ts",
  "src/client/components/provider-icons.tsx",
  "src/client/features/friends/components/share-icons.tsx",
]);

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : files(path);
    return /\.tsx?$/.test(e.name) && !TABLES.has(path) ? [path] : [];
  });

const long = FOLDERS.flatMap(files).flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line, i) => ([...line].length > MAX ? [`${file}:${i + 1}: ${[...line].length} characters`] : [])),
);
if (long.length > 0) {
  console.error(
    `${long.length} line(s) over ${MAX} characters (wrap them, or list a data table in TABLES):\n${long.join("\n")}`,
  );
  process.exit(1);
}
