/**
 * What a venue's OpenStreetMap tags state outright, in words for the details sheet: cuisine,
 * wheelchair access, outdoor seating, live music, cocktails, sports on screen, LGBTQ+, diets.
 * Only what a tag says: a tag that is missing says nothing (no "not accessible" guessed).
 */

const words = (v: string) =>
  v
    .split(";")
    .map((s) => s.trim().replace(/_/g, " "))
    .filter(Boolean);

const list = (items: string[]) =>
  items.map((s, i) => (i === 0 ? s.charAt(0).toUpperCase() + s.slice(1) : s)).join(", ");

const DIETS: [tag: string, name: string][] = [
  ["diet:vegan", "Vegan"],
  ["diet:vegetarian", "Vegetarian"],
  ["diet:gluten_free", "Gluten-free"],
  ["diet:halal", "Halal"],
  ["diet:kosher", "Kosher"],
];

export function osmFeatures(tags: Record<string, string>): string[] {
  const out: string[] = [];
  const v = (k: string) => tags[k]?.trim().toLowerCase();
  if (tags.cuisine) out.push(`Cuisine: ${list(words(tags.cuisine))}`);
  if (v("wheelchair") === "yes" || v("wheelchair") === "designated") out.push("Wheelchair accessible");
  else if (v("wheelchair") === "limited") out.push("Limited wheelchair access");
  else if (v("wheelchair") === "no") out.push("Not wheelchair accessible");
  const outdoor = v("outdoor_seating");
  if (outdoor && outdoor !== "no") out.push(outdoor === "yes" ? "Outdoor seating" : `Outdoor seating (${outdoor})`);
  if (v("live_music") === "yes") out.push("Live music");
  if (v("karaoke") === "yes") out.push("Karaoke");
  if (v("cocktails") === "yes") out.push("Cocktails");
  if (tags.sport) out.push(`Sports on screen: ${words(tags.sport).join(", ")}`);
  const lgbtq = v("lgbtq");
  if (lgbtq === "primary" || lgbtq === "only") out.push("LGBTQ+ venue");
  else if (lgbtq === "yes" || lgbtq === "welcome") out.push("LGBTQ+ welcoming");
  for (const [tag, name] of DIETS) {
    const d = v(tag);
    if (d === "only") out.push(`${name} only`);
    else if (d === "yes") out.push(`${name} options`);
  }
  return out;
}
