import type { VenueCategory } from "@shared/vocabulary";
import { contradicts } from "@shared/vibe-tags";
import type { PermitCode } from "./permit-words";
import { normalizeName } from "./prior";

/**
 * Likely vibes (issue 25, docs/vibe-analysis.md "Likely vibes"): the vibes a venue's own facts make
 * likely but that nothing has confirmed (its blended score is under the match threshold). A match
 * whose confirmed venues fill less than a page goes on with these, each labelled "Likely Romantic —
 * not confirmed yet" and saying why ("wine bar", "cocktails"), so that a person can answer "Is it
 * Romantic? Yes · No" and make it confirmed (or not).
 *
 * Method: LIKELY_METHOD. Pure and deterministic. Every rule reads a fact the venue states about
 * itself (its kind, an OpenStreetMap tag, a word of its own name, an SF Entertainment Commission
 * permit) and names the vibe or vibes that fact is commonly chosen for; each has a weight:
 *   3  the fact is what the vibe is about (a wine bar for Romantic, a tiki bar for Adventurous,
 *      live music for Live Music, pool tables for Social);
 *   2  a strong, common association (a speakeasy for Romantic and Whiskey, an Irish pub for Whiskey);
 *   1  a hint, which alone does not make a vibe likely (serves wine, has a patio).
 * A vibe is likely when its rules' weights (each rule once) add up to LIKELY_MIN_WEIGHT or more;
 * its reasons are the rules' words, heaviest first. Left out on purpose, because the facts do not
 * say it: "saloon" as Country Music (San Francisco's saloons are blues, cocktail and dive bars; a
 * saloon is a bar for spirits, so it is a hint of Whiskey),
 * barbecue as Country Music, opening hours as anything, a wifi sign as Creative; since likely-v2 also
 * a shop's bar (isShop), "speakeasy" as a name word, a bistro name alone, wine and cocktails as two
 * hints (docs/vibe-analysis.md "Likely vibes"). A vibe the venue is
 * confirmed for, or one contradicting a confirmed one (a Loud venue is never likely Quiet), or one
 * VIBE's people voted down (as many No as Yes), is not likely.
 */
export const LIKELY_METHOD = "likely-v2";

/** Weights of a vibe's rules add up to at least this for the vibe to be likely. */
export const LIKELY_MIN_WEIGHT = 2;
/** Reasons kept per likely vibe (heaviest first). */
export const LIKELY_MAX_REASONS = 3;

export interface LikelyFacts {
  category: VenueCategory;
  name: string;
  osmTags?: Readonly<Record<string, string>> | null;
  permits?: readonly PermitCode[];
}

/** A likely vibe of a venue: how strongly its facts point to it, and why in words. */
export interface LikelyVibe {
  vibe: string;
  weight: number;
  reasons: string[];
}

interface Fact {
  category: VenueCategory;
  /** The name's words, upper case, space-padded: " THE WINE BAR ". */
  name: string;
  tag(key: string): string;
  /** The values of a `;` list tag (cuisine), lower case. */
  list(key: string): string[];
  permits: readonly PermitCode[];
}

export interface LikelyRule {
  /** What the rule reads, for the docs and tests. */
  id: string;
  /** The reason in words when the rule holds (null: it does not). */
  test: (f: Fact) => string | null;
  vibes: Readonly<Record<string, number>>;
}

const hasWord = (f: Fact, ...words: string[]) => words.some((w) => f.name.includes(` ${w} `));
/**
 * A shop first (issue 25): OpenStreetMap tags it `shop=*` (California Wine Merchant, `shop=wine` beside
 * `amenity=bar`; Dragon Lounge, `shop=mobile_phone`), or its name says it sells bottles to take away.
 * A shop that pours a glass is not a place people choose to sit in for a mood, so the rules about a
 * room (a wine bar, a lounge, a speakeasy, a rooftop, wine and cocktails served) do not read it.
 */
const isShop = (f: Fact) =>
  f.tag("shop") !== "" ||
  hasWord(f, "MERCHANT", "MERCHANTS", "WINE SHOP", "BOTTLE SHOP", "LIQUOR", "LIQUORS", "WINES", "WINE AND SPIRITS");
/** A room to sit in: not a shop (isShop). */
const sitIn = (f: Fact) => !isShop(f);
const yes = (v: string) => v === "yes" || v === "served";
const isBarLike = (f: Fact) => f.category === "Bar" || f.category === "Club";

/** Outdoor seating values that name a place to sit outside, in words. */
const OUTDOOR: Record<string, string> = {
  yes: "outdoor seating",
  patio: "a patio",
  garden: "a garden",
  terrace: "a terrace",
  roof: "rooftop seating",
  rooftop: "rooftop seating",
  parklet: "a parklet",
  veranda: "a veranda",
  sidewalk: "sidewalk seating",
};

/**
 * Cuisines rare among San Francisco's seeded restaurants (each under 1% of those with a cuisine
 * tag, counted on the seed files) and named by their region: a meal to try something new, which is
 * what Adventurous asks. Common ones (Mexican, Chinese, Japanese, Thai...) are left out.
 */
const RARE_CUISINES: Record<string, string> = {
  ethiopian: "Ethiopian food",
  eritrean: "Eritrean food",
  burmese: "Burmese food",
  nepalese: "Nepalese food",
  afghan: "Afghan food",
  peruvian: "Peruvian food",
  moroccan: "Moroccan food",
  georgian: "Georgian food",
  tibetan: "Tibetan food",
  uzbek: "Uzbek food",
  yemeni: "Yemeni food",
  cambodian: "Cambodian food",
  laotian: "Lao food",
  salvadoran: "Salvadoran food",
  filipino: "Filipino food",
  hawaiian: "Hawaiian food",
  basque: "Basque food",
};

const SPORT_GAMES =
  /^(billiards|pool|snooker|8pool|9pool|darts|table_tennis|shuffleboard|bowling|table_soccer|cornhole)$/;

/** The rules (docs/vibe-analysis.md has the same table). Each holds once per venue. */
export const LIKELY_RULES: readonly LikelyRule[] = [
  // wine
  {
    id: "wine bar (cuisine=wine, bar=wine_bar, or WINE BAR / ENOTECA / WINE LOUNGE in a bar's name)",
    test: (f) =>
      sitIn(f) &&
      (f.list("cuisine").includes("wine") ||
        f.tag("bar") === "wine_bar" ||
        hasWord(f, "WINE BAR", "ENOTECA", "WINE LOUNGE", "VINOTECA") ||
        (f.category === "Bar" && hasWord(f, "WINE", "VINO")))
        ? "wine bar"
        : null,
    vibes: { Romantic: 3, Relaxed: 2, Cozy: 2, Chill: 1 },
  },
  {
    // one hint, however many of the two: most full bars pour both, so together they are still only
    // what a bar serves (The Rumpus Room, Churchill), not a second fact
    id: "drink:wine=yes and / or cocktails=yes (not a shop)",
    test: (f) => {
      if (!sitIn(f)) return null;
      const wine = yes(f.tag("drink:wine"));
      const cocktails = f.tag("cocktails") === "yes";
      return wine && cocktails ? "wine and cocktails" : wine ? "serves wine" : cocktails ? "cocktails" : null;
    },
    vibes: { Romantic: 1 },
  },
  {
    // the venue's own word for itself: theme=speakeasy, or "speakeasy" in its OpenStreetMap description
    // ("A speakeasy-themed bar that requires a password"); not a name word: Speakeasy Ales & Lagers
    // is a brewery. A speakeasy is a cocktail bar: whisky is only a hint.
    id: "speakeasy (theme=speakeasy, or its description says so)",
    test: (f) =>
      sitIn(f) && (/speakeasy/.test(f.tag("theme")) || /speakeasy/.test(f.tag("description"))) ? "speakeasy" : null,
    vibes: { Romantic: 2, Adventurous: 1, Whiskey: 1 },
  },
  {
    id: "COCKTAIL LOUNGE / LOUNGE in a bar's name (not a shop)",
    test: (f) => (f.category === "Bar" && sitIn(f) && hasWord(f, "LOUNGE") ? "lounge" : null),
    vibes: { Chill: 2, Relaxed: 2, Romantic: 1 },
  },
  {
    // a name word, so a hint: Dim Sum Bistro, Wasabi Bistro and Bistro Burger are no more romantic than
    // their neighbours; with a French kitchen (Bistro La Chaumière) the two hints make it likely
    id: "BISTRO, TRATTORIA, OSTERIA, BRASSERIE in a restaurant's name",
    test: (f) => {
      const w = ["BISTRO", "TRATTORIA", "OSTERIA", "BRASSERIE"].find((x) => hasWord(f, x));
      return f.category === "Restaurant" && w ? w.toLowerCase() : null;
    },
    vibes: { Romantic: 1, Cozy: 1 },
  },
  {
    id: "cuisine=french (a restaurant)",
    test: (f) => (f.category === "Restaurant" && f.list("cuisine").includes("french") ? "French restaurant" : null),
    vibes: { Romantic: 1 },
  },
  // whiskey
  {
    id: "drink:whisky / drink:whiskey",
    test: (f) => (yes(f.tag("drink:whisky")) || yes(f.tag("drink:whiskey")) ? "whisky" : null),
    vibes: { Whiskey: 3 },
  },
  {
    id: "WHISKEY, WHISKY, BOURBON, SCOTCH in the name",
    test: (f) => {
      const w = ["WHISKEY", "WHISKY", "BOURBON", "SCOTCH"].find((x) => hasWord(f, x));
      return w ? `${w.toLowerCase()} in its name` : null;
    },
    vibes: { Whiskey: 3 },
  },
  {
    id: "SALOON in a bar's name",
    test: (f) => (isBarLike(f) && hasWord(f, "SALOON") ? "saloon" : null),
    vibes: { Whiskey: 2 },
  },
  {
    id: "Irish pub (theme=irish, cuisine=irish, or IRISH in a bar's name)",
    test: (f) =>
      f.tag("theme") === "irish" || (isBarLike(f) && (f.list("cuisine").includes("irish") || hasWord(f, "IRISH")))
        ? "Irish pub"
        : null,
    vibes: { Whiskey: 2, Cozy: 2, Social: 1 },
  },
  // adventure
  {
    id: "tiki bar (theme=tiki, cuisine=tiki_bar, TIKI in the name)",
    test: (f) =>
      /tiki/.test(f.tag("theme")) || f.list("cuisine").includes("tiki_bar") || hasWord(f, "TIKI") ? "tiki bar" : null,
    vibes: { Adventurous: 3, Upbeat: 1 },
  },
  {
    id: "pirate theme",
    test: (f) => (/pirate/.test(f.tag("theme")) ? "pirate theme" : null),
    vibes: { Adventurous: 3 },
  },
  {
    id: "a cuisine rare in the city (RARE_CUISINES)",
    test: (f) => {
      if (f.category !== "Restaurant") return null;
      const c = f.list("cuisine").find((x) => RARE_CUISINES[x]);
      return c ? RARE_CUISINES[c] : null;
    },
    vibes: { Adventurous: 2 },
  },
  // music and performance
  {
    id: "live_music=yes",
    test: (f) => (f.tag("live_music") === "yes" ? "live music" : null),
    vibes: { "Live Music": 3, Upbeat: 1, Loud: 1 },
  },
  {
    id: "amenity=music_venue",
    test: (f) => (f.tag("amenity") === "music_venue" ? "music venue" : null),
    vibes: { "Live Music": 3, Loud: 1 },
  },
  {
    id: "Place of Entertainment permit (POE)",
    test: (f) => (f.permits.includes("POE") ? "Licensed for live entertainment" : null),
    vibes: { "Live Music": 3, Upbeat: 1 },
  },
  {
    id: "Limited Live Performance permit (LLP)",
    test: (f) =>
      f.permits.includes("LLP") && !f.permits.includes("POE") ? "Licensed for small live performances" : null,
    vibes: { "Live Music": 2 },
  },
  {
    id: "JAZZ, BLUES, PIANO, LIVE MUSIC in the name",
    test: (f) => {
      const w = ["LIVE MUSIC", "JAZZ", "BLUES", "PIANO"].find((x) => hasWord(f, x));
      return w ? `${w.toLowerCase()} in its name` : null;
    },
    vibes: { "Live Music": 3, Upbeat: 1 },
  },
  {
    id: "music_genre=country, bluegrass, americana, western",
    test: (f) => (/country|bluegrass|americana|western/.test(f.tag("music_genre")) ? "country music" : null),
    vibes: { "Country Music": 3, "Live Music": 1 },
  },
  {
    id: "HONKY TONK, COWBOY, RODEO, BOOT SCOOT in a bar's name",
    test: (f) => {
      const w = ["HONKY TONK", "HONKYTONK", "COWBOY", "COWBOYS", "RODEO"].find((x) => hasWord(f, x));
      return isBarLike(f) && w ? `${w.toLowerCase()} in its name` : null;
    },
    vibes: { "Country Music": 3 },
  },
  {
    id: "karaoke=yes or KARAOKE in the name",
    test: (f) => (f.tag("karaoke") === "yes" || hasWord(f, "KARAOKE") ? "karaoke" : null),
    vibes: { Loud: 2, Upbeat: 2, Social: 2, Energetic: 1 },
  },
  // dancing and clubs
  {
    id: "amenity=nightclub, or a dance music genre",
    test: (f) =>
      f.tag("amenity") === "nightclub"
        ? "nightclub"
        : /techno|house|electronic|edm|disco|dance|hip.?hop/.test(f.tag("music_genre"))
          ? "dance music"
          : null,
    vibes: { Energetic: 3, Loud: 2, Upbeat: 2 },
  },
  {
    id: "Place of Entertainment and Extended Hours permits (POE + EHP)",
    test: (f) =>
      f.permits.includes("POE") && f.permits.includes("EHP") ? "Licensed for entertainment until 6 AM" : null,
    vibes: { Energetic: 2, Loud: 1 },
  },
  // company
  {
    id: "pool tables (sport=billiards / pool, or a Billiard Parlor permit)",
    test: (f) =>
      f.permits.includes("BP") || f.list("sport").some((s) => SPORT_GAMES.test(s)) ? "pool tables and games" : null,
    vibes: { Social: 3 },
  },
  {
    id: "sports on screen (sport=<a sport not played there>, SPORTS BAR)",
    test: (f) =>
      f.list("sport").some((s) => !SPORT_GAMES.test(s)) || hasWord(f, "SPORTS BAR", "SPORTS") ? "shows sports" : null,
    vibes: { Loud: 2, Social: 2, Energetic: 2, Upbeat: 1 },
  },
  {
    id: "beer garden, brewery, taproom (amenity=biergarten, microbrewery=yes, name words)",
    test: (f) =>
      f.tag("amenity") === "biergarten" || hasWord(f, "BEER GARDEN", "BIERGARTEN", "BEER HALL")
        ? "beer garden"
        : f.tag("microbrewery") === "yes" || hasWord(f, "BREWERY", "BREWING", "TAPROOM", "TAP ROOM", "BREWPUB")
          ? "brewery"
          : null,
    vibes: { Social: 3, Upbeat: 1, Loud: 1 },
  },
  {
    id: "a pub (amenity=pub, PUB / TAVERN in the name)",
    test: (f) => (f.tag("amenity") === "pub" || (isBarLike(f) && hasWord(f, "PUB", "TAVERN")) ? "pub" : null),
    vibes: { Social: 2, Cozy: 1 },
  },
  // calm
  {
    id: "outdoor seating (outdoor_seating=yes, patio, garden, terrace, roof...)",
    test: (f) => OUTDOOR[f.tag("outdoor_seating")] ?? null,
    vibes: { Relaxed: 1, Chill: 1 },
  },
  {
    id: "ROOFTOP, TERRACE, GARDEN in the name",
    test: (f) => {
      const w = ["ROOFTOP", "TERRACE", "GARDEN"].find((x) => hasWord(f, x));
      return w && sitIn(f) && !hasWord(f, "BEER GARDEN") ? `${w.toLowerCase()} in its name` : null;
    },
    vibes: { Relaxed: 2, Chill: 1, Romantic: 1 },
  },
  {
    id: "a tea house (cuisine=tea, TEA HOUSE / TEAHOUSE / TEA ROOM in the name)",
    test: (f) =>
      f.list("cuisine").includes("tea") || hasWord(f, "TEA HOUSE", "TEAHOUSE", "TEA ROOM", "TEAROOM")
        ? "tea house"
        : null,
    vibes: { Quiet: 2, Relaxed: 2, Chill: 2, Cozy: 1 },
  },
  {
    id: "BOOK, BOOKS, LIBRARY, READING in a cafe's name",
    test: (f) =>
      f.category === "Cafe" && hasWord(f, "BOOK", "BOOKS", "BOOKSTORE", "LIBRARY", "READING") ? "books" : null,
    vibes: { Quiet: 2, Focused: 2, Cozy: 1 },
  },
  {
    id: "wifi in a cafe (internet_access=yes, wlan)",
    test: (f) =>
      f.category === "Cafe" && /^(yes|wlan|wifi)$/.test(f.tag("internet_access")) ? "wifi for working" : null,
    vibes: { Focused: 2 },
  },
  // making things
  {
    id: "ART, ARTS, GALLERY, STUDIO, POETRY, VINYL, RECORDS in the name",
    test: (f) => {
      const w = ["GALLERY", "STUDIO", "POETRY", "VINYL", "ART", "ART BAR"].find((x) => hasWord(f, x));
      return w ? `${w.toLowerCase()} in its name` : null;
    },
    vibes: { Creative: 3 },
  },
  {
    id: "small live performances (LLP permit): open mics and readings",
    test: (f) => (f.permits.includes("LLP") ? "Licensed for small live performances" : null),
    vibes: { Creative: 2 },
  },
];

/**
 * The venue's likely vibes, heaviest first (ties by name), leaving out the vibes it is confirmed
 * for (`confirmed`: its detected vibes), those contradicting a confirmed one, and those in `downVoted`.
 */
export function likelyVibes(
  facts: LikelyFacts,
  confirmed: readonly string[] = [],
  downVoted: readonly string[] = [],
): LikelyVibe[] {
  const tags = facts.osmTags ?? {};
  const tag = (k: string) => (tags[k] ?? "").trim().toLowerCase();
  const fact: Fact = {
    category: facts.category,
    name: ` ${normalizeName(facts.name).join(" ")} `,
    tag,
    list: (k) =>
      tag(k)
        .split(";")
        .map((s) => s.trim())
        .filter(Boolean),
    permits: facts.permits ?? [],
  };
  const found = new Map<string, { weight: number; reasons: { words: string; weight: number }[] }>();
  for (const rule of LIKELY_RULES) {
    const words = rule.test(fact);
    if (!words) continue;
    for (const [vibe, weight] of Object.entries(rule.vibes)) {
      const f = found.get(vibe) ?? found.set(vibe, { weight: 0, reasons: [] }).get(vibe)!;
      f.weight += weight;
      if (!f.reasons.some((r) => r.words === words)) f.reasons.push({ words, weight });
    }
  }
  const out: LikelyVibe[] = [];
  for (const [vibe, f] of found) {
    if (f.weight < LIKELY_MIN_WEIGHT) continue;
    if (confirmed.includes(vibe) || downVoted.includes(vibe)) continue;
    if (confirmed.some((c) => contradicts(c, vibe))) continue;
    const reasons = f.reasons
      .sort((a, b) => b.weight - a.weight)
      .slice(0, LIKELY_MAX_REASONS)
      .map((r) => r.words);
    out.push({ vibe, weight: f.weight, reasons });
  }
  return out.sort((a, b) => b.weight - a.weight || (a.vibe < b.vibe ? -1 : a.vibe > b.vibe ? 1 : 0));
}

/** The reasons as one line: "wine bar, cocktails". */
export const likelyReasonLine = (reasons: readonly string[]) => reasons.join(", ");
