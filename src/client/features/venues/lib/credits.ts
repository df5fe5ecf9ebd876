/**
 * Who a venue's facts come from, as shown on the details sheet (issue 15): a venue row's
 * `attribution` text ("Map data (c) OpenStreetMap contributors, ODbL. Place data (c) Google")
 * read into one credit per source, each with the wording and link its licence asks for.
 * A line not recognised is kept as it is, so no attribution is ever dropped.
 */
export interface Credit {
  /** "© OpenStreetMap contributors" */
  text: string;
  /** The licence or source page to link, if any. */
  href: string | null;
  /** What the reader should know about these facts ("facts from 2016"). */
  note: string | null;
}

export const OSM_COPYRIGHT_URL = "https://www.openstreetmap.org/copyright";
export const OSM_CREDIT: Credit = { text: "© OpenStreetMap contributors", href: OSM_COPYRIGHT_URL, note: "ODbL" };
export const DATASF_CREDIT: Credit = {
  text: "San Francisco Department of Public Health (DataSF), 2016",
  href: "https://datasf.org/opendata/",
  note: "facts from 2016; the place may have changed or closed",
};
export const GOOGLE_CREDIT: Credit = { text: "Place data © Google", href: null, note: null };

const KNOWN: { test: RegExp; credit: Credit }[] = [
  {
    test: /Map data \(c\) OpenStreetMap contributors, ODbL\.?|©? ?OpenStreetMap contributors[^.]*\.?/i,
    credit: OSM_CREDIT,
  },
  { test: /Venue data: City and County of San Francisco[^.]*\.|[^.]*\(DataSF\)[^.]*\.?/i, credit: DATASF_CREDIT },
  { test: /Place data \(c\) Google\.?|Place data © Google\.?/i, credit: GOOGLE_CREDIT },
];

export function creditsOf(attribution: string | null | undefined): Credit[] {
  let rest = attribution ?? "";
  const found: { at: number; credit: Credit }[] = [];
  for (const { test, credit } of KNOWN) {
    const m = test.exec(rest);
    if (!m) continue;
    found.push({ at: m.index, credit });
    rest = rest.slice(0, m.index) + " ".repeat(m[0].length) + rest.slice(m.index + m[0].length);
  }
  found.sort((a, b) => a.at - b.at);
  const credits = found.map((f) => f.credit);
  const other = rest.replace(/\s+/g, " ").trim();
  if (other) credits.push({ text: other, href: null, note: null });
  return credits;
}
