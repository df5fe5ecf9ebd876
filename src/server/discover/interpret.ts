import type { VenueCategory } from "@shared/vocabulary";
import { NEGATOR_WORDS, NUMBER_WORDS } from "../vibes/data/lexicon";
import { analyzeText } from "../vibes/text";
import { words } from "../vibes/words";

/**
 * Reads a natural-language venue query ("cozy wine bar with live jazz") into what the search can
 * use. Method: INTERPRETER_METHOD. Pure and deterministic. The table of everyday queries it must
 * read right is interpret-table.test.ts.
 *
 * - Categories: phrases naming a kind of place, longest first ("coffee shop" is a Cafe,
 *   "nightclub" a Club, "sports bar" a Bar). Each is reported as "<Category>, <phrase>" (the
 *   client shows the part before the comma). The phrase's specific word ("sports", "dive",
 *   "piano") is searched as a keyword: a name or a text may say it.
 * - Attributes: phrases naming a feature. Hours (open_now, late_night) and price (price_budget,
 *   price_upscale), and the features the data can answer, searched in OpenStreetMap tags, names
 *   and texts (attributes.ts FEATURE_EVIDENCE): live_music, outdoor_seating, dog_friendly, wifi,
 *   happy_hour, rooftop, view, karaoke, pool_table, brunch, cocktails, wine and the diets (vegan,
 *   vegetarian, gluten_free, halal, kosher).
 * - Negation ("not", "no", "nothing"... up to three words before, in the same clause) flips or
 *   drops a word, never reads it as asked for: "not too expensive", "nothing fancy" are
 *   price_budget; "not cheap", "no karaoke" are dropped and said to be unused (nothing avoids
 *   karaoke); a denied vibe is flipped by the text analyzer ("not loud": Quiet) or dropped.
 * - Vibes: the text analyzer (lexicon-v1) run on the query; vibes at 0.2 or more, but not those
 *   read only from a feature's words ("rooftop", "karaoke" ask for the feature, not a mood). A
 *   live-music attribute also counts as the Live Music vibe.
 * - Search terms: the words left that carry meaning (not stop words, numbers or filler such as
 *   "for two", "a group of 8", "with my mom"; not consumed by a category or attribute phrase,
 *   not a vibe cue). Specific words that also set a category ("sushi", "jazz") stay search terms
 *   too, since a name may contain them.
 * - Unused: the query's words the search does not use, said plainly rather than claimed as
 *   understood: a negated feature or price word that nothing can avoid, and the cue of a vibe the
 *   query denies when nothing else uses it.
 * - Confidence: the share of meaningful words that were understood and used (0..1). A query of
 *   only unknown words has confidence 0 and is searched by its words alone; a query with an unused
 *   word is never 1.
 */
export const INTERPRETER_METHOD = "interpreter-v2";

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
  "rooftop",
  "view",
  "karaoke",
  "pool_table",
  "brunch",
  "cocktails",
  "wine",
  "vegan",
  "vegetarian",
  "gluten_free",
  "halal",
  "kosher",
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
 * Words of a kind-of-place phrase that only say the kind ("bar" of "sports bar", "shop" of
 * "coffee shop"): the category uses them. The phrase's other words ("sports") are keywords.
 */
const GENERIC = new Set(
  (
    "bar bars pub pubs cafe cafes caffe coffee shop shops house coffeehouse restaurant restaurants club clubs " +
    "night nightclub nightclubs place somewhere to eat garden hall room"
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
    "sports bar|dive bar|piano bar|whiskey bar|whisky bar|beer hall|bar|bars|pub|pubs|tavern|taproom|brewery|" +
      "breweries|brewpub|lounge|speakeasy|saloon|izakaya|gastropub",
    { category: "Bar" },
  ),
  ...E("beer garden|beer gardens|biergarten", { category: "Bar", attribute: "outdoor_seating" }),
  ...E(
    "coffee shop|coffee shops|coffee house|coffeehouse|cafe|cafes|caffe|coffee|espresso|tea house|teahouse|" +
      "tea room|bakery|bakeries|patisserie",
    { category: "Cafe" },
  ),
  ...E(
    "restaurant|restaurants|bistro|diner|eatery|eats|deli|delicatessen|trattoria|steakhouse|brasserie|dinner|" +
      "lunch|place to eat|somewhere to eat|food",
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
  ...E(
    "outdoor seating|outdoor|outdoors|outside|patio|patios|terrace|terraces|garden|sidewalk seating|al fresco|" +
      "parklet",
    { attribute: "outdoor_seating" },
  ),
  ...E("rooftop|rooftops|roof top|roof deck|roof terrace|on the roof", { attribute: "rooftop" }),
  ...E("view|views|a view|skyline|panoramic|panorama|vista|scenic|viewpoint|overlook", { attribute: "view" }),
  ...E("dog friendly|dog-friendly|dogs allowed|dogs welcome|dogs|dog|pet friendly|pet-friendly|pets|with my dog", {
    attribute: "dog_friendly",
  }),
  ...E("wifi|wi fi|wi-fi|laptop|laptops|laptop friendly|work from|to work|remote work|study|studying|outlets", {
    attribute: "wifi",
  }),
  ...E("late night|late-night|open late|after midnight|after hours|late|midnight|2am|3am|all night", {
    attribute: "late_night",
  }),
  ...E("open now|open right now|still open|currently open|open at the moment|open today|open tonight", {
    attribute: "open_now",
  }),
  ...E("happy hour|happy hours|happy hour deals|happy hour specials|drink specials|cheap drinks", {
    attribute: "happy_hour",
  }),
  ...E("cheap|budget|affordable|inexpensive|not expensive|low key prices|reasonably priced", {
    attribute: "price_budget",
  }),
  ...E("fancy|upscale|splurge|expensive|pricey|overpriced|luxury|luxurious|fine dining|high end|classy", {
    attribute: "price_upscale",
  }),
  ...E("karaoke|sing along|singalong", { attribute: "karaoke" }),
  ...E("pool table|pool tables|pool|billiards|billiard|snooker|shoot pool", { attribute: "pool_table" }),
  ...E("brunch", { attribute: "brunch" }),
  ...E("cocktail|cocktails|mixology", { attribute: "cocktails" }),
  ...E("wine|wines|wine list", { attribute: "wine" }),
  ...E("vegan|vegans|plant based|plant-based|vegan friendly", { attribute: "vegan" }),
  ...E("vegetarian|vegetarians|veggie|vegetarian friendly", { attribute: "vegetarian" }),
  ...E("gluten free|gluten-free|celiac", { attribute: "gluten_free" }),
  ...E("halal", { attribute: "halal" }),
  ...E("kosher", { attribute: "kosher" }),
];
const BY_LENGTH = [...ENTRIES].sort((a, b) => b.phrase.length - a.phrase.length);

/** Negating a price word flips it ("not too expensive", "nothing fancy": cheaper is wanted). */
const FLIPPED: Partial<Record<Attribute, Attribute>> = { price_upscale: "price_budget" };

const NEGATORS = new Set(NEGATOR_WORDS.split("|"));
/** Words that end the reach of a negator before them ("not loud but cheap"). */
const CLAUSE_WORDS = new Set("but and or with yet though although while".split(" "));
/** How many words before a phrase a negator reaches ("not too overly expensive"). */
const NEGATION_REACH = 3;

/** Words that carry no search: grammar, request words, numbers, who comes along, when. */
const STOP = new Set([
  ...(
    "a an the with and or for to in on at of near me my our some any somewhere place places spot spots good " +
    "great nice best really very some that has have is are be where i we want wanna looking look find show get " +
    "go going like something kind sort tonight today now this it its around close by nearby open who which " +
    "what fun too so quite pretty super extremely overly just but yet though although also maybe please " +
    "recommend recommendation recommendations suggest suggestions ideas idea options need needs would love lets " +
    "let grab hang out us them you your people persons person guests friends friend group groups party crowd " +
    "couple family mom dad mum parents wife husband partner boyfriend girlfriend coworkers colleagues team " +
    "night evening morning afternoon weekend time welcome friendly"
  ).split(" "),
  ...NEGATORS,
  ...NUMBER_WORDS,
]);
const isStop = (t: string) => STOP.has(t) || /^\d+$/.test(t);

/** The query's words (vibes/words.ts), hyphens kept inside words ("laid-back"). */
export const tokenize = (text: string): string[] => words(text, { keepHyphens: true });

/** The query's words with the clause each is in (commas, semicolons, stops and dashes end a clause). */
function clauseTokens(query: string): { tokens: string[]; clause: number[] } {
  const tokens: string[] = [];
  const clause: number[] = [];
  query.split(/[,;:.!?()/]+|\s[-–—]+\s/).forEach((part, c) => {
    for (const t of tokenize(part)) {
      tokens.push(t);
      clause.push(c);
    }
  });
  return { tokens, clause };
}

export function interpretQuery(query: string): Interpretation {
  const text = query.slice(0, 300);
  const { tokens, clause } = clauseTokens(text);
  const consumed = new Array(tokens.length).fill(false);
  const kept = new Set<number>();
  const dropped = new Set<number>();
  /** Words of feature phrases (asked for or negated): vibes read only from them are not asked for. */
  const featureWords = new Set<string>();
  const categories = new Map<VenueCategory, string>();
  const attributes = new Set<Attribute>();

  const negated = (i: number) => {
    for (let j = i - 1; j >= Math.max(0, i - NEGATION_REACH) && clause[j] === clause[i]; j--) {
      if (NEGATORS.has(tokens[j])) return true;
      if (CLAUSE_WORDS.has(tokens[j]) || consumed[j]) return false;
    }
    return false;
  };

  for (let i = 0; i < tokens.length; i++) {
    if (consumed[i]) continue;
    const hit = BY_LENGTH.find((e) => e.phrase.every((w, k) => tokens[i + k] === w && clause[i + k] === clause[i]));
    if (!hit) continue;
    const denied = hit.attribute !== undefined && !hit.category && negated(i);
    for (let k = 0; k < hit.phrase.length; k++) {
      consumed[i + k] = true;
      if (hit.attribute) featureWords.add(hit.phrase[k]);
      if (denied && !FLIPPED[hit.attribute!]) dropped.add(i + k);
      else if (hit.keep) kept.add(i + k);
      else if (hit.category && hit.phrase.length > 1 && !GENERIC.has(hit.phrase[k])) kept.add(i + k);
    }
    if (hit.category && !categories.has(hit.category)) categories.set(hit.category, hit.phrase.join(" "));
    if (hit.attribute) {
      const attribute = denied ? FLIPPED[hit.attribute] : hit.attribute;
      if (attribute) attributes.add(attribute);
    }
    i += hit.phrase.length - 1;
  }
  // a price asked for both ways ("fancy but not too pricey") asks for neither
  if (attributes.has("price_budget") && attributes.has("price_upscale")) {
    attributes.delete("price_budget");
    attributes.delete("price_upscale");
  }

  // Vibes through the text analyzer; its quoted cues mark the words it understood. A vibe read
  // only from a feature's words ("rooftop", "karaoke", "wine bar") is the feature, not a mood asked for.
  const analysis = analyzeText(text);
  const meaningfulWords = (quote: string) => tokenize(quote).filter((t) => !isStop(t));
  const fromFeaturesOnly = (vibe: string) => {
    const quotes = analysis.evidence?.[vibe] ?? [];
    const words = quotes.flatMap(meaningfulWords);
    return words.some((t) => featureWords.has(t)) && words.every((t) => featureWords.has(t) || GENERIC.has(t));
  };
  const vibes = analysis.vibes.filter((v) => v.confidence >= 0.2 && !fromFeaturesOnly(v.vibe)).map((v) => v.vibe);
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
    if (consumed[i] || isStop(t)) return;
    if (deniedWords.has(t)) {
      consumed[i] = true;
      dropped.add(i);
    } else if (cueWords.has(t)) consumed[i] = true;
  });

  const meaningful = tokens.map((t, i) => ({ t, i })).filter(({ t }) => !isStop(t) && t.length > 1);
  const understood = meaningful.filter(({ i }) => consumed[i] && !dropped.has(i)).length;
  const searchTerms = [
    ...new Set(meaningful.filter(({ i }) => (!consumed[i] || kept.has(i)) && !dropped.has(i)).map(({ t }) => t)),
  ];
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
