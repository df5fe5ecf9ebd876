import type { VenueCategory } from "@shared/vocabulary";
import { analyzeText } from "../vibes/text";
import { words } from "../vibes/words";

/**
 * Reads a natural-language venue query ("cozy wine bar with live jazz") into what the search can
 * use. Method: INTERPRETER_METHOD. Pure and deterministic.
 *
 * - Categories: phrases naming a kind of place, longest first ("wine bar" is a Bar, "coffee
 *   shop" a Cafe, "nightclub" a Club). Each is reported as "<Category>, <phrase>" (the client
 *   shows the part before the comma).
 * - Attributes: phrases naming a feature: live_music, outdoor_seating, dog_friendly, wifi,
 *   late_night ("open late"), open_now ("open now"), happy_hour, price_budget, price_upscale.
 * - Vibes: the text analyzer (lexicon-v1) run on the query; vibes at 0.2 or more. A live-music
 *   attribute also counts as the Live Music vibe.
 * - Search terms: the words left that carry meaning (not stop words, not consumed by a category
 *   or attribute phrase, not a vibe cue). Specific words that also set an attribute or category
 *   ("jazz", "sushi", "whiskey") stay as search terms too, since a name may contain them.
 * - Unused: the query's words the search does not use, said plainly rather than claimed as
 *   understood: the specific word of a kind of place ("wine" of "wine bar", "sports" of "sports
 *   bar": only the category Bar is searched), and the cue of a vibe the query denies ("loud" of
 *   "not loud": nothing avoids loud places).
 * - Confidence: the share of meaningful words that were understood and used (0..1). A query of
 *   only unknown words has confidence 0 and is searched by its words alone; a query with an unused
 *   word is never 1.
 */
export const INTERPRETER_METHOD = "interpreter-v1";

export const ATTRIBUTES = [
  "live_music",
  "outdoor_seating",
  "dog_friendly",
  "wifi",
  "late_night",
  "open_now",
  "happy_hour",
  "price_budget",
  "price_upscale",
] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export interface Interpretation {
  confidence: number;
  vibes: string[];
  categories: string[];
  attributes: Attribute[];
  searchTerms: string[];
  /** Words of the query the search does not use (see above), in the query's order. */
  unused: string[];
}

/**
 * Words of a kind-of-place phrase that only say the kind ("bar" of "wine bar", "shop" of "coffee
 * shop"): the category uses them. The phrase's other words ("wine") it does not.
 */
const GENERIC = new Set(
  (
    "bar bars pub pubs cafe cafes caffe coffee shop shops house coffeehouse restaurant restaurants club clubs " +
    "night nightclub nightclubs place somewhere to eat"
  ).split(" "),
);

interface Entry {
  phrase: string[];
  category?: VenueCategory;
  attribute?: Attribute;
  /** Also keep the words as search terms. */
  keep?: boolean;
}

const E = (phrases: string, what: Omit<Entry, "phrase">): Entry[] =>
  phrases.split("|").map((p) => ({ phrase: p.split(" "), ...what }));

const ENTRIES: Entry[] = [
  ...E(
    "wine bar|wine bars|cocktail bar|cocktail bars|sports bar|dive bar|rooftop bar|piano bar|karaoke bar|" +
      "beer garden|beer hall|whiskey bar|whisky bar|bar|bars|pub|pubs|tavern|taproom|brewery|breweries|brewpub|" +
      "lounge|speakeasy|saloon|izakaya|gastropub",
    { category: "Bar" },
  ),
  ...E(
    "coffee shop|coffee shops|coffee house|coffeehouse|cafe|cafes|caffe|coffee|espresso|tea house|teahouse|" +
      "tea room|bakery|bakeries|patisserie",
    { category: "Cafe" },
  ),
  ...E(
    "restaurant|restaurants|bistro|diner|eatery|trattoria|steakhouse|brasserie|dinner|brunch|lunch|" +
      "place to eat|somewhere to eat|food",
    { category: "Restaurant" },
  ),
  ...E("sushi|pizza|tacos|taco|ramen|burgers|burger|dim sum|noodles|tapas|bbq|barbecue|oysters|pho|curry", {
    category: "Restaurant",
    keep: true,
  }),
  ...E("nightclub|nightclubs|night club|dance club|club|clubs|disco", { category: "Club" }),
  ...E(
    "live music|live jazz|live band|live bands|live blues|live rock|live country|open mic|concert|concerts|" +
      "acoustic set|gig",
    { attribute: "live_music" },
  ),
  ...E("jazz|blues|folk|bluegrass", { attribute: "live_music", keep: true }),
  ...E("outdoor seating|outdoor|outdoors|outside|patio|terrace|rooftop|garden|sidewalk seating|al fresco", {
    attribute: "outdoor_seating",
  }),
  ...E("dog friendly|dog-friendly|dogs allowed|dogs|dog|pet friendly|pets", { attribute: "dog_friendly" }),
  ...E("wifi|wi fi|wi-fi|laptop|laptops|laptop friendly|work from|to work|remote work|study|studying|outlets", {
    attribute: "wifi",
  }),
  ...E("late night|late-night|open late|after midnight|after hours|late|midnight|2am|3am|all night", {
    attribute: "late_night",
  }),
  ...E("open now|open right now|still open|currently open|open at the moment|open today|open tonight", {
    attribute: "open_now",
  }),
  ...E("happy hour|happy hours|drink specials|cheap drinks", { attribute: "happy_hour" }),
  ...E("cheap|budget|affordable|inexpensive|not expensive|low key prices", { attribute: "price_budget" }),
  ...E("fancy|upscale|splurge|expensive|luxury|luxurious|fine dining|high end|classy", { attribute: "price_upscale" }),
];
const BY_LENGTH = [...ENTRIES].sort((a, b) => b.phrase.length - a.phrase.length);

const STOP = new Set(
  (
    "a an the with and or for to in on at of near me my our some any somewhere place places spot spots good " +
    "great nice best really very some that has have is are be where i we want wanna looking look find show get " +
    "go going like something kind sort tonight today now this it its around close by nearby open who which " +
    "what fun"
  ).split(" "),
);

/** The query's words (vibes/words.ts), hyphens kept inside words ("laid-back"). */
export const tokenize = (text: string): string[] => words(text, { keepHyphens: true });

export function interpretQuery(query: string): Interpretation {
  const tokens = tokenize(query.slice(0, 300));
  const consumed = new Array(tokens.length).fill(false);
  const kept = new Set<number>();
  const dropped = new Set<number>();
  const categories = new Map<VenueCategory, string>();
  const attributes = new Set<Attribute>();

  for (let i = 0; i < tokens.length; i++) {
    if (consumed[i]) continue;
    const hit = BY_LENGTH.find((e) => e.phrase.every((w, k) => tokens[i + k] === w));
    if (!hit) continue;
    for (let k = 0; k < hit.phrase.length; k++) {
      consumed[i + k] = true;
      if (hit.keep) kept.add(i + k);
      else if (hit.category && hit.phrase.length > 1 && !GENERIC.has(hit.phrase[k])) dropped.add(i + k);
    }
    if (hit.category && !categories.has(hit.category)) categories.set(hit.category, hit.phrase.join(" "));
    if (hit.attribute) attributes.add(hit.attribute);
    i += hit.phrase.length - 1;
  }

  // Vibes through the text analyzer; its quoted cues mark the words it understood.
  const analysis = analyzeText(query);
  const vibes = analysis.vibes.filter((v) => v.confidence >= 0.2).map((v) => v.vibe);
  if (attributes.has("live_music") && !vibes.includes("Live Music")) vibes.push("Live Music");
  const cueWords = new Set(
    Object.values(analysis.evidence ?? {})
      .flat()
      .flatMap((q) => tokenize(q)),
  );
  // A denied vibe is not searched for, and nothing avoids it either: its cue words go unused.
  const deniedWords = new Set(
    Object.entries(analysis.evidence ?? {})
      .filter(([vibe]) => !vibes.includes(vibe) && (analysis.negated ?? []).includes(vibe))
      .flatMap(([, quotes]) => quotes.flatMap((q) => tokenize(q))),
  );
  tokens.forEach((t, i) => {
    if (consumed[i] || STOP.has(t)) return;
    if (deniedWords.has(t)) {
      consumed[i] = true;
      dropped.add(i);
    } else if (cueWords.has(t)) consumed[i] = true;
  });

  const meaningful = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !STOP.has(t) && t.length > 1);
  const understood = meaningful.filter(({ i }) => consumed[i] && !dropped.has(i)).length;
  const searchTerms = [...new Set(meaningful.filter(({ i }) => !consumed[i] || kept.has(i)).map(({ t }) => t))];
  const unused = [...new Set(meaningful.filter(({ i }) => dropped.has(i)).map(({ t }) => t))];
  return {
    confidence: meaningful.length ? Math.round((understood / meaningful.length) * 100) / 100 : 0,
    vibes,
    categories: [...categories].map(([c, phrase]) => (phrase === c.toLowerCase() ? c : `${c}, ${phrase}`)),
    attributes: [...attributes],
    searchTerms,
    unused,
  };
}

/** The categories of an interpretation as venue categories. */
export const categoryValues = (i: Interpretation) => i.categories.map((c) => c.split(",")[0].trim() as VenueCategory);
