/**
 * Category and vibe prior of a seed venue, inferred from its business name (and, for names that
 * say nothing, its health-permit code). Method name: PRIOR_METHOD ("prior-v1").
 *
 * The seed data (DataSF permitted food businesses, 2016) has no category, no description, no
 * ratings and no attributes, so the words of the name are the main signal. Everything here is pure
 * and deterministic: the same input always gives the same category and the same scores. The rule,
 * the counts it gives on the seed file and the vibe table are also in docs/seed-data.md.
 *
 * ## Name normalisation (normalizeName: vibes/words.ts, upper-cased)
 * Accents are stripped (CAFÉ -> CAFE), apostrophes dropped (PEET'S -> PEETS), "&" is read as AND
 * and anything else that is not a letter or digit (of any script) splits words (7-ELEVEN -> 7 ELEVEN,
 * BAR-B-Q -> BAR B Q). Matching is case-insensitive and on whole words or whole word sequences only, so BAR
 * never matches BARBECUE, BARBEQUE or BARBER.
 *
 * ## Category rule (classifyName): the first step that matches decides
 * 1. non-venue -> null. Institutions (school, university, hospital, senior, cafeteria, employee...),
 *    back-of-house (pantry, banquet, commissary, main kitchen, prep, floor, contract caterers such
 *    as Sodexo), concessions (stadium, AT&T Park, Moscone, theatre, cinema, opera house, stand,
 *    kiosk), mobile vendors (cart, truck, on wheels, Off the Grid) and private, sports or
 *    membership clubs (yacht, golf, tennis, athletic, health/bay club, residence club, hotel
 *    club/concierge lounges, social club, and the city's named private clubs: Olympic, Bohemian,
 *    Pacific Union, University, Francisca, Metropolitan, City, Town & Country, Marines' Memorial,
 *    Elks, French). Checked first, so "Hospital Cafe" and "AT&T - Club Bar" are skipped.
 * 2. nightclub -> Club: NIGHTCLUB, NIGHT CLUB, DISCO, DISCOTHEQUE, DANCE CLUB/HALL, ULTRA LOUNGE,
 *    CABARET, wherever they are ("Mezzanine Bar & Nightclub" is a Club).
 * 3. venue-word: venue-type nouns read left to right; the first one decides (the head of the name).
 *    Bar: BAR, PUB, PUBLIC HOUSE, TAVERN, SALOON, LOUNGE, TAP(S), TAPROOM, BREWERY, BREWING,
 *    ALEHOUSE, BEER HALL/GARDEN, BIERGARTEN, COCKTAIL(S), SPEAKEASY, IZAKAYA.
 *    Cafe: CAFE, CAFFE, COFFEE, ESPRESSO, ROASTERS, TEA, TEAHOUSE, BAKERY, BAKE SHOP, PASTRY,
 *    PATISSERIE, BOULANGERIE, CREAMERY, CREPERIE, GELATERIA.
 *    Restaurant: RESTAURANT, REST., RESTAURANTE, RISTORANTE, KITCHEN, GRILL(E), BISTRO, BRASSERIE,
 *    TRATTORIA, OSTERIA, TAVERNA, ENOTECA, DINER, EATERY, DINING, CUISINE, STEAKHOUSE, CHOP HOUSE,
 *    TAQUERIA, PIZZERIA, PUPUSERIA, CANTINA, DRIVE-IN, SUPPER CLUB...
 *    "<food> BAR" and "<food> LOUNGE" are read as one word: SUSHI/OYSTER/RAW/NOODLE/BURGER/SALAD/
 *    SALSA/TACO/YAKITORI BAR, BURGER/STEAK LOUNGE and BAR-B-Q -> Restaurant; COFFEE/ESPRESSO/
 *    JUICE/TEA/SNACK/DESSERT/ICE CREAM/YOGURT BAR and TEA LOUNGE -> Cafe; WINE/SAKE/SPORTS BAR -> Bar.
 *    So "Sports Bar & Grill" and "Bar & Restaurant" are Bars; "Restaurant & Bar" and "Sushi Bar &
 *    Grill" Restaurants; "Coffee & Wine Bar" a Cafe; "Pub & Cafe" a Bar; "Brewery Cafe" a Bar.
 * 4. shop -> null: markets, groceries, liquor and wine shops, pharmacies, gas stations, wholesalers,
 *    importers, caterers. After step 3, so "Market Cafe" and "Taqueria & Grocery" are kept but
 *    "Market & Pizza" and "AFC Sushi @ Safeway" are not.
 * 5. food-word: dishes and chains read left to right, first decides. PIZZA, TACO(S), BURRITO,
 *    SUSHI, NOODLE, PHO, DIM SUM, BBQ/BARBECUE, BURGER, SANDWICH, HOT DOG, SEAFOOD, CRAB, STEAK...
 *    and MCDONALDS, SUBWAY, KFC, CHIPOTLE, ROUND TABLE... -> Restaurant; DONUT, BAGEL, GELATO,
 *    ICE CREAM, YOGURT, JUICE, CUPCAKE, DESSERT, CREPE, BOBA and STARBUCKS, PEETS, PHILZ,
 *    SPECIALTYS, BOUDIN... -> Cafe.
 * 6. cuisine-word -> Restaurant: THAI, CHINESE, MEXICAN, HUNAN, ITALIAN... Below the food words,
 *    so "Italian Ice Cream" is a Cafe.
 * 7. club-word -> Club: CLUB as a plain word ("540 Club", "Cat Club"); after the words above, so
 *    "Sushi Club" is a Restaurant and "Swank Cocktail Club" a Bar.
 * 8. no-fallback -> null: a name with none of the words above that names a hotel (HOTEL, INN,
 *    MARRIOTT, HILTON...), a centre or service (CENTER, SERVICES, FOOD BANK...), a boat (FLEET,
 *    HORNBLOWER, BOATHOUSE) or a sweet or speciality shop (STORE, CANDY, CHOCOLATE, COOKIES,
 *    PRETZELS, CONFECTIONS, SPICE, TRADING...). Their permit class is not used.
 * 9. permit -> only when the permit code is given: the name says nothing about the business, so
 *    the SFDPH permit class decides. Restaurant permits (H24, H25, H26, H29) -> Restaurant;
 *    bar permits (H86, H87) -> Bar. The codes' meaning is not documented in our source; it was
 *    measured on the located seed rows whose names steps 1-7 classify: H86/H87 rows are 81% Bar
 *    or Club (most of the rest are theatre, stadium and opera-house bars, skipped by step 1);
 *    H24/H25/H26/H29 rows are 92% venues (53% Restaurant, 33% Cafe). See docs/seed-data.md.
 * 10. no-word -> null: nothing to go on (no permit code, or a shop or institution permit). Not
 *    defaulted to "Restaurant": in a hand check of 80 such names about a quarter were not venues
 *    at all (ferry galleys, sporting goods, a hospice, a cooking school) and about 15% were bars.
 *
 * ## Vibe prior (priorVibeScores)
 * Scores start from the category's base profile (CATEGORY_PROFILES) and each name-word group of
 * NAME_ADJUSTMENTS adds its deltas once, however many of its words appear. The sum is clamped to
 * [0, 1] and rounded to 2 decimals; the arithmetic is done in integer hundredths, so it is exact.
 * Only vibes above 0 are returned. Some words are left out on purpose: BEACH and BAYVIEW (North
 * Beach and Bayview are neighbourhoods), ARTS (apostrophes are dropped, so ART'S reads as ARTS),
 * SPORT (Caffe Sport), WESTERN (Best Western) and COWGIRL (Cowgirl Creamery sells cheese).
 *
 * | Category | Base profile |
 * |----------|--------------|
 * | Bar | Social 0.6, Energetic 0.3, Upbeat 0.35, Loud 0.35, Chill 0.3, Relaxed 0.25, Whiskey 0.2, Adventurous 0.1 |
 * | Cafe | Chill 0.6, Cozy 0.55, Relaxed 0.5, Quiet 0.45, Focused 0.4, Social 0.3, Creative 0.25 |
 * | Restaurant | Social 0.45, Chill 0.35, Relaxed 0.3, Romantic 0.3, Cozy 0.3, Upbeat 0.15 |
 * | Club | Energetic 0.8, Loud 0.8, Upbeat 0.7, Social 0.6, Adventurous 0.3 |
 *
 * | Name words | Adjustment |
 * |------------|------------|
 * | WINE, VINO, ENOTECA, VINTNER | Romantic +0.25, Cozy +0.15, Relaxed +0.1, Loud -0.1 |
 * | WHISKEY, WHISKY, BOURBON, SCOTCH | Whiskey +0.6 |
 * | SALOON, HONKY TONK, COUNTRY, COWBOY, RODEO | Country Music +0.45, Whiskey +0.2 |
 * | BBQ, BARBECUE, BARBEQUE, BAR-B-Q, SMOKEHOUSE | Country Music +0.25 |
 * | JAZZ, BLUES, MUSIC, LIVE MUSIC, PIANO, CONCERT, SUPPER CLUB | Live Music +0.5, Upbeat +0.1 |
 * | KARAOKE | Loud +0.2, Upbeat +0.2, Social +0.1, Energetic +0.1 |
 * | TEA, TEAHOUSE, TEAROOM, BOOK(S), BOOKSTORE, LIBRARY, READING | Quiet +0.2, Cozy +0.15, Focused +0.1 |
 * | SPORTS | Loud +0.25, Energetic +0.2, Social +0.15, Chill -0.1 |
 * | GAME(S), ARCADE, BILLIARDS, POOL HALL, BOWLING | Social +0.15 |
 * | LOUNGE | Chill +0.2, Relaxed +0.15, Romantic +0.1 |
 * | BISTRO, TRATTORIA, OSTERIA, BRASSERIE, RISTORANTE, CANDLELIGHT | Romantic +0.2, Cozy +0.1 |
 * | COCKTAIL(S), SPEAKEASY, MIXOLOGY | Romantic +0.1, Social +0.1, Creative +0.1 |
 * | PUB, TAVERN, ALEHOUSE, PUBLIC HOUSE, IRISH | Cozy +0.2, Social +0.1 |
 * | BREWERY, BREWING, BREWPUB, BEER, TAPROOM, BIERGARTEN, BEER GARDEN/HALL | Social +0.15, Upbeat +0.1, Loud +0.1 |
 * | ROOFTOP, TERRACE, VIEW(S), SKY, SKYLINE, GARDEN(S), PATIO | Relaxed +0.15, Chill +0.1, Romantic +0.1 |
 * | ART, ARTISAN, GALLERY, STUDIO, CREATIVE, CRAFT, POETRY, VINYL | Creative +0.3 |
 * | ZEN, QUIET, SERENITY, TRANQUIL | Quiet +0.2, Relaxed +0.15, Loud -0.15 |
 * | TIKI, ADVENTURE, EXPLORER, SAFARI, PIRATE, VOODOO, FUSION | Adventurous +0.3, Upbeat +0.1 |
 * | DANCE, DISCO, NIGHTCLUB, NIGHT CLUB, DJ | Energetic +0.15, Upbeat +0.15 |
 * | EXPRESS, TO GO, FAST, QUICK | Romantic -0.2, Cozy -0.1, Relaxed -0.1 |
 * | LAB, WORKSHOP, STUDY, WIFI, COWORK(ING) | Focused +0.3 |
 *
 * ## Detected vibes (detectedVibesFrom)
 * Vibes scoring at least 0.4 (DETECTED_VIBE_THRESHOLD), highest first, ties by name. Stricter than
 * the 0.2 a card needs to show a tag (VIBE_TAG_MIN_SCORE), because a name-only prior is weak
 * evidence; with these profiles every category has at least one detected vibe.
 */
import { contradicts } from "@shared/vibe-tags";
import { ALL_VIBES, type VenueCategory } from "@shared/vocabulary";
import { words as nameWords } from "./words";

export const PRIOR_METHOD = "prior-v1";
/** A vibe is "detected" by the prior when its score is at least this. */
export const DETECTED_VIBE_THRESHOLD = 0.4;

export type CategoryRule =
  | "non-venue"
  | "nightclub"
  | "venue-word"
  | "shop"
  | "food-word"
  | "cuisine-word"
  | "club-word"
  | "no-fallback"
  | "permit"
  | "no-word";

export interface CategoryInference {
  category: VenueCategory | null;
  rule: CategoryRule;
  /** The normalised words that decided (e.g. "SUSHI BAR"), or the permit code; "" for no-word. */
  matched: string;
}

/** The name's words (vibes/words.ts: accents stripped, apostrophes dropped, & as AND), upper case like the tables. */
export function normalizeName(name: string): string[] {
  return nameWords(name).map((w) => w.toUpperCase());
}

interface Phrase<T> {
  words: string[];
  phrase: string;
  value: T;
}

/** Phrases as word arrays, longest first so that "SUSHI BAR" is tried before "SUSHI". */
function compile<T>(entries: ReadonlyArray<readonly [string, T]>): Phrase<T>[] {
  return entries
    .map(([phrase, value]) => ({ words: phrase.split(" "), phrase, value }))
    .sort((a, b) => b.words.length - a.words.length);
}

const words = (phrases: readonly string[]) => compile(phrases.map((p) => [p, true] as const));
const as = (category: VenueCategory, phrases: readonly string[]) => phrases.map((p) => [p, category] as const);

function matchAt(tokens: string[], i: number, w: string[]): boolean {
  if (i + w.length > tokens.length) return false;
  for (let k = 0; k < w.length; k++) if (tokens[i + k] !== w[k]) return false;
  return true;
}

/** The leftmost phrase of the table found in the tokens; at one position the longest wins. */
function firstMatch<T>(tokens: string[], table: Phrase<T>[]): Phrase<T> | null {
  for (let i = 0; i < tokens.length; i++) {
    for (const entry of table) if (matchAt(tokens, i, entry.words)) return entry;
  }
  return null;
}

// Step 1: not a public venue.
const NON_VENUE = words([
  // institutions
  "SCHOOL",
  "SCHOOLS",
  "PRESCHOOL",
  "ELEMENTARY",
  "ACADEMY",
  "COLLEGE",
  "UNIVERSITY",
  "UNIV",
  "CAMPUS",
  "HOSPITAL",
  "MEDICAL",
  "CLINIC",
  "SFGH",
  "SENIOR",
  "SENIORS",
  "ELDERLY",
  "NURSING",
  "CONVALESCENT",
  "REHAB",
  "HOSPICE",
  "CHILD",
  "CHILDREN",
  "CHILDRENS",
  "YOUTH",
  "DAYCARE",
  "DAY CARE",
  "JAIL",
  "SHERIFF",
  "SHELTER",
  "YMCA",
  "CAFETERIA",
  "EMPLOYEE",
  "EMPLOYEES",
  "STAFF",
  "NUTRITION",
  "MEALS ON WHEELS",
  "HOMELESS",
  "COMMUNITY CENTER",
  "NEIGHBORHOOD CENTER",
  "NEIGBORHOOD CENTER",
  "RESIDENCE",
  "RESIDENCES",
  "RESIDENTIAL",
  "HOUSING",
  "APARTMENTS",
  "DORM",
  "VOLUNTEER",
  // back of house and contract food service
  "PANTRY",
  "BANQUET",
  "BANQUETS",
  "COMMISSARY",
  "COMMISARY",
  "MAIN KITCHEN",
  "PREP",
  "ROOM SERVICE",
  "IN SEAT SERVICE",
  "SUITE LEVEL",
  "CLUB LEVEL",
  "CLUB LOUNGE",
  "CONCIERGE LOUNGE",
  "EXECUTIVE LOUNGE",
  "FLOOR",
  "FL",
  "STOREROOM",
  "FOOD SERVICE",
  "FOOD SERVICES",
  "SODEXO",
  "ARAMARK",
  "BON APPETIT",
  "GUCKENHEIMER",
  "EUREST",
  "RESTAURANT DEPOT",
  // concessions
  "STADIUM",
  "BALLPARK",
  "CONCESSION",
  "CONCESSIONS",
  "AT AND T",
  "MOSCONE",
  "CANDLESTICK",
  "ARENA",
  "THEATRE",
  "THEATRES",
  "THEATER",
  "THEATERS",
  "CINEMA",
  "OPERA HOUSE",
  "SYMPHONY",
  "STAND",
  "STANDS",
  "KIOSK",
  // mobile vendors
  "CART",
  "CARTS",
  "TRUCK",
  "TRUCKS",
  "MOBILE",
  "ON WHEELS",
  "OFF THE GRID",
  "PUSHCART",
  // private, sports and membership clubs
  "YACHT",
  "BOAT CLUB",
  "GOLF",
  "TENNIS",
  "ATHLETIC",
  "HEALTH CLUB",
  "BAY CLUB",
  "CLUB ONE",
  "FITNESS",
  "GYM",
  "SOCIAL CLUB",
  "COUNTRY CLUB",
  "RESIDENCE CLUB",
  "ELKS",
  "MARINES MEMORIAL",
  "OLYMPIC CLUB",
  "BOHEMIAN CLUB",
  "PACIFIC UNION CLUB",
  "UNIVERSITY CLUB",
  "FRANCISCA CLUB",
  "METROPOLITAN CLUB",
  "CITY CLUB",
  "TOWN AND COUNTRY CLUB",
  "COMMONWEALTH CLUB",
  "FRENCH CLUB",
  "SAMS CLUB",
  "DISCOUNT CLUB",
]);

// Step 2: nightclub words.
const NIGHTCLUB = words([
  "NIGHTCLUB",
  "NIGHT CLUB",
  "NITE CLUB",
  "DISCO",
  "DISCOTHEQUE",
  "DANCE CLUB",
  "DANCE HALL",
  "DANCEHALL",
  "ULTRA LOUNGE",
  "CABARET",
]);

// Step 3: venue-type nouns; "<food> BAR" compounds are food counters, not bars.
const VENUE_WORDS = compile<VenueCategory>([
  ...as("Bar", [
    "BAR",
    "BARS",
    "PUB",
    "PUBLIC HOUSE",
    "GASTROPUB",
    "BREWPUB",
    "TAVERN",
    "SALOON",
    "LOUNGE",
    "TAP",
    "TAPS",
    "TAPROOM",
    "TAP ROOM",
    "TAPHOUSE",
    "BREWERY",
    "BREWING",
    "BREWHOUSE",
    "ALEHOUSE",
    "ALE HOUSE",
    "BEER HALL",
    "BEER GARDEN",
    "BIERGARTEN",
    "COCKTAIL",
    "COCKTAILS",
    "SPEAKEASY",
    "IZAKAYA",
    "WINE BAR",
    "SAKE BAR",
    "SPORTS BAR",
  ]),
  ...as("Restaurant", [
    "BAR B Q",
    "BAR B QUE",
    "BAR BE CUE",
    "SUSHI BAR",
    "OYSTER BAR",
    "RAW BAR",
    "NOODLE BAR",
    "BURGER BAR",
    "SALAD BAR",
    "SALSA BAR",
    "TACO BAR",
    "YAKITORI BAR",
    "RAMEN BAR",
    "POKE BAR",
    "SOUP BAR",
    "BURGER LOUNGE",
    "STEAK LOUNGE",
  ]),
  ...as("Cafe", [
    "COFFEE BAR",
    "ESPRESSO BAR",
    "EXPRESSO BAR",
    "JUICE BAR",
    "TEA BAR",
    "SNACK BAR",
    "DESSERT BAR",
    "ICE CREAM BAR",
    "YOGURT BAR",
    "SMOOTHIE BAR",
    "CUPCAKE BAR",
    "CREPE BAR",
    "TEA LOUNGE",
  ]),
  ...as("Cafe", [
    "CAFE",
    "CAFES",
    "CAFFE",
    "KAFFE",
    "COFFEE",
    "COFFEEHOUSE",
    "COFFEESHOP",
    "ESPRESSO",
    "EXPRESSO",
    "ROASTERS",
    "ROASTERY",
    "TEA",
    "TEAHOUSE",
    "TEAROOM",
    "BAKERY",
    "BAKERIES",
    "BAKE SHOP",
    "BAKESHOP",
    "BAKEHOUSE",
    "BOULANGERIE",
    "PATISSERIE",
    "PASTRY",
    "PASTRIES",
    "CREAMERY",
    "CREPERIE",
    "GELATERIA",
    "DONUT SHOP",
  ]),
  ...as("Restaurant", [
    "RESTAURANT",
    "RESTAURANTS",
    "REST",
    "RESTAURANTE",
    "RISTORANTE",
    "KITCHEN",
    "GRILL",
    "GRILLE",
    "BISTRO",
    "BRASSERIE",
    "TRATTORIA",
    "OSTERIA",
    "TAVERNA",
    "ENOTECA",
    "DINER",
    "EATERY",
    "DINING",
    "STEAKHOUSE",
    "STEAK HOUSE",
    "CHOPHOUSE",
    "CHOP HOUSE",
    "ROADHOUSE",
    "SMOKEHOUSE",
    "FISH HOUSE",
    "CHOWDER HOUSE",
    "NOODLE HOUSE",
    "SUSHI HOUSE",
    "CUISINE",
    "CUISINES",
    "CUSINE",
    "CANTINA",
    "HOFBRAU",
    "TAQUERIA",
    "TAQUERIAS",
    "PIZZERIA",
    "PIZZERIAS",
    "PUPUSERIA",
    "CHURRASCARIA",
    "CEBICHERIA",
    "CEVICHERIA",
    "BRUNCH",
    "DRIVE IN",
    "DRIVE INN",
    "SUPPER CLUB",
  ]),
]);

// Step 4: shops and suppliers.
const SHOP = words([
  "MARKET",
  "MARKETS",
  "MKT",
  "SUPERMARKET",
  "MINIMART",
  "MART",
  "GROCERY",
  "GROCERIES",
  "GROCER",
  "GROCERS",
  "LIQUOR",
  "LIQUORS",
  "LIQOUR",
  "WINE SHOP",
  "WINES",
  "WINE MERCHANT",
  "WINE MERCHANTS",
  "WINE AND SPIRITS",
  "SPIRITS",
  "WINE CELLARS",
  "BEER STORE",
  "PRODUCE",
  "BUTCHER",
  "POULTRY",
  "CONVENIENCE",
  "SMOKE SHOP",
  "SMOKES",
  "TOBACCO",
  "PHARMACY",
  "DRUG",
  "DRUGS",
  "WALGREENS",
  "WALGREEN",
  "CVS",
  "RITE AID",
  "SAFEWAY",
  "COSTCO",
  "TRADER JOES",
  "WHOLE FOODS",
  "BRISTOL FARMS",
  "MOLLIE STONES",
  "AFC SUSHI",
  "7 ELEVEN",
  "SHELL",
  "CHEVRON",
  "ARCO",
  "UNOCAL",
  "UNION 76",
  "76 GAS",
  "GAS",
  "CAR WASH",
  "CARWASH",
  "AUTO",
  "WHOLESALE",
  "DEPOT",
  "DISTRIBUTOR",
  "DISTRIBUTORS",
  "DISTRIBUTING",
  "DISTRIBUTION",
  "IMPORT",
  "IMPORTS",
  "IMPORTING",
  "MANUFACTURING",
  "WAREHOUSE",
  "DISCOUNT",
  "DOLLAR",
  "GIFT",
  "GIFTS",
  "NEWSSTAND",
  "VENDING",
  "HERB",
  "HERBS",
  "HERBAL",
  "GINSENG",
  "VITAMIN",
  "VITAMINS",
  "FARMERS",
  "TARGET",
  "SUR LA TABLE",
  "PRINTING",
  "CATERING",
  "CATERER",
  "CATERERS",
  "CATERS",
]);

// Step 5: dishes and chains.
const FOOD_WORDS = compile<VenueCategory>([
  ...as("Restaurant", [
    "PIZZA",
    "TACO",
    "TACOS",
    "BURRITO",
    "BURRITOS",
    "TAMALES",
    "TORTAS",
    "SUSHI",
    "RAMEN",
    "UDON",
    "NOODLE",
    "NOODLES",
    "PHO",
    "DIM SUM",
    "DUMPLING",
    "DUMPLINGS",
    "BAO",
    "BBQ",
    "BARBECUE",
    "BARBEQUE",
    "BURGER",
    "BURGERS",
    "HAMBURGER",
    "HAMBURGERS",
    "SANDWICH",
    "SANDWICHES",
    "SUBS",
    "HOT DOG",
    "HOT DOGS",
    "FALAFEL",
    "KEBAB",
    "KABOB",
    "SHAWARMA",
    "GYRO",
    "GYROS",
    "CURRY",
    "TANDOORI",
    "CHAAT",
    "POKE",
    "WINGS",
    "CHICKEN",
    "ROTISSERIE",
    "SEAFOOD",
    "CRAB",
    "CHOWDER",
    "STEAK",
    "STEAKS",
    "SALAD",
    "SALADS",
    "SOUP",
    "SOUPS",
    "WOK",
    "TERIYAKI",
    "YAKITORI",
    "TEMPURA",
    "BENTO",
    "HOT POT",
    "BUFFET",
    "PASTA",
    "TAPAS",
    "MEZZE",
    "CEVICHE",
    "MCDONALDS",
    "SUBWAY",
    "BURGER KING",
    "KFC",
    "KENTUCKY FRIED",
    "CHIPOTLE",
    "JACK IN THE BOX",
    "PANDA EXPRESS",
    "TACO BELL",
    "WENDYS",
    "CARLS JR",
    "IN N OUT",
    "DOMINOS",
    "PIZZA HUT",
    "ROUND TABLE",
    "LITTLE CAESARS",
    "QUIZNOS",
    "JIMMY JOHNS",
    "SORABOL",
    "OLIVE GARDEN",
  ]),
  ...as("Cafe", [
    "DONUT",
    "DONUTS",
    "DOUGHNUT",
    "DOUGHNUTS",
    "BAGEL",
    "BAGELS",
    "GELATO",
    "ICE CREAM",
    "YOGURT",
    "FROZEN YOGURT",
    "FROYO",
    "JUICE",
    "JUICES",
    "SMOOTHIE",
    "SMOOTHIES",
    "CUPCAKE",
    "CUPCAKES",
    "DESSERT",
    "DESSERTS",
    "CREPE",
    "CREPES",
    "BOBA",
    "BUBBLE TEA",
    "CROISSANT",
    "CROISSANTS",
    "WAFFLE",
    "WAFFLES",
    "STARBUCKS",
    "PEETS",
    "PHILZ",
    "TULLYS",
    "CARIBOU",
    "DUNKIN",
    "SPECIALTYS",
    "NOAHS",
    "BOUDIN",
    "LA BOULANGE",
    "JAMBA",
    "HAAGEN DAZS",
    "BASKIN ROBBINS",
    "BEN AND JERRYS",
    "COLD STONE",
  ]),
]);

// Step 6: cuisines.
const CUISINE_WORDS = words([
  "THAI",
  "CHINESE",
  "MEXICAN",
  "INDIAN",
  "JAPANESE",
  "VIETNAMESE",
  "ITALIAN",
  "KOREAN",
  "HUNAN",
  "SZECHUAN",
  "SICHUAN",
  "CANTONESE",
  "MANDARIN",
  "SHANGHAI",
  "BURMESE",
  "ETHIOPIAN",
  "ERITREAN",
  "PERUVIAN",
  "SALVADORAN",
  "SALVADORENO",
  "MEDITERRANEAN",
  "GREEK",
  "TURKISH",
  "AFGHAN",
  "PERSIAN",
  "LEBANESE",
  "MOROCCAN",
  "PAKISTANI",
  "NEPALESE",
  "FILIPINO",
  "HAWAIIAN",
  "CARIBBEAN",
  "BRAZILIAN",
  "CUBAN",
  "CREOLE",
  "CAJUN",
]);

// Step 8: names with no venue word that name a hotel, a centre or service, or a speciality shop.
const NO_FALLBACK = words([
  "HOTEL",
  "HOTELS",
  "INN",
  "MOTEL",
  "HOSTEL",
  "SUITES",
  "LODGE",
  "MARRIOTT",
  "HILTON",
  "HYATT",
  "WESTIN",
  "SHERATON",
  "FAIRMONT",
  "RITZ",
  "OMNI",
  "INTERCONTINENTAL",
  "HOLIDAY INN",
  "CENTER",
  "CENTRE",
  "CTR",
  "SERVICE",
  "SERVICES",
  "SVC",
  "FOOD BANK",
  "FOOD PROGRAM",
  "SUPPLY",
  "PRODUCTS",
  "STORE",
  "CANDY",
  "CANDIES",
  "CHOCOLATE",
  "CHOCOLATES",
  "CHOCOLATIER",
  "CONFECTIONS",
  "COOKIE",
  "COOKIES",
  "PRETZEL",
  "PRETZELS",
  "POPCORN",
  "NUTS",
  "SPICE",
  "SPICES",
  "TRADING",
  "BOATHOUSE",
  "FLEET",
  "HORNBLOWER",
]);

/** SFDPH permit classes used by step 9 (measured, see the header and docs/seed-data.md). */
export const RESTAURANT_PERMITS: readonly string[] = ["H24", "H25", "H26", "H29"];
export const BAR_PERMITS: readonly string[] = ["H86", "H87"];

/**
 * The category of a business and the rule that decided it (see the header). `permitCode` is the
 * SFDPH permit class (the data set's tax_code); it is only used when the name says nothing.
 */
export function classifyName(name: string, permitCode?: string | null): CategoryInference {
  const tokens = normalizeName(name);
  let hit = firstMatch(tokens, NON_VENUE);
  if (hit) return { category: null, rule: "non-venue", matched: hit.phrase };
  hit = firstMatch(tokens, NIGHTCLUB);
  if (hit) return { category: "Club", rule: "nightclub", matched: hit.phrase };
  const venue = firstMatch(tokens, VENUE_WORDS);
  if (venue) return { category: venue.value, rule: "venue-word", matched: venue.phrase };
  hit = firstMatch(tokens, SHOP);
  if (hit) return { category: null, rule: "shop", matched: hit.phrase };
  const food = firstMatch(tokens, FOOD_WORDS);
  if (food) return { category: food.value, rule: "food-word", matched: food.phrase };
  hit = firstMatch(tokens, CUISINE_WORDS);
  if (hit) return { category: "Restaurant", rule: "cuisine-word", matched: hit.phrase };
  if (tokens.includes("CLUB")) return { category: "Club", rule: "club-word", matched: "CLUB" };
  hit = firstMatch(tokens, NO_FALLBACK);
  if (hit) return { category: null, rule: "no-fallback", matched: hit.phrase };
  const code = (permitCode ?? "").trim().toUpperCase();
  if (RESTAURANT_PERMITS.includes(code)) return { category: "Restaurant", rule: "permit", matched: code };
  if (BAR_PERMITS.includes(code)) return { category: "Bar", rule: "permit", matched: code };
  return { category: null, rule: "no-word", matched: "" };
}

/**
 * Bar, Restaurant, Cafe or Club from the business name; null when it is not a public venue or the
 * name says nothing. With `permitCode`, a name that says nothing falls back to the permit class.
 */
export function inferCategory(name: string, permitCode?: string | null): VenueCategory | null {
  return classifyName(name, permitCode).category;
}

// ---------------------------------------------------------------------------------------------
// Vibe prior

type Profile = Readonly<Record<string, number>>;

export const CATEGORY_PROFILES: Readonly<Record<VenueCategory, Profile>> = {
  Bar: {
    Social: 0.6,
    // under the match threshold: a bar is not Energetic for being a bar (a speakeasy, a wine bar, a
    // dive are calm); a club, a DJ, dancing, a sports screen or a late entertainment licence say so
    Energetic: 0.3,
    Upbeat: 0.35,
    Loud: 0.35,
    Chill: 0.3,
    Relaxed: 0.25,
    Whiskey: 0.2,
    Adventurous: 0.1,
  },
  Cafe: { Chill: 0.6, Cozy: 0.55, Relaxed: 0.5, Quiet: 0.45, Focused: 0.4, Social: 0.3, Creative: 0.25 },
  Restaurant: { Social: 0.45, Chill: 0.35, Relaxed: 0.3, Romantic: 0.3, Cozy: 0.3, Upbeat: 0.15 },
  Club: { Energetic: 0.8, Loud: 0.8, Upbeat: 0.7, Social: 0.6, Adventurous: 0.3 },
};

export interface NameAdjustment {
  /** Whole words or word sequences, as normalizeName gives them. */
  words: readonly string[];
  deltas: Profile;
}

/** Applied in this order, each group at most once. Keep the header and docs/seed-data.md in step. */
export const NAME_ADJUSTMENTS: readonly NameAdjustment[] = [
  { words: ["WINE", "VINO", "ENOTECA", "VINTNER"], deltas: { Romantic: 0.25, Cozy: 0.15, Relaxed: 0.1, Loud: -0.1 } },
  { words: ["WHISKEY", "WHISKY", "BOURBON", "SCOTCH"], deltas: { Whiskey: 0.6 } },
  {
    words: ["SALOON", "HONKY TONK", "HONKYTONK", "COUNTRY", "COWBOY", "RODEO"],
    deltas: { "Country Music": 0.45, Whiskey: 0.2 },
  },
  { words: ["BBQ", "BARBECUE", "BARBEQUE", "BAR B Q", "BAR B QUE", "SMOKEHOUSE"], deltas: { "Country Music": 0.25 } },
  {
    words: ["JAZZ", "BLUES", "MUSIC", "LIVE MUSIC", "PIANO", "CONCERT", "SUPPER CLUB"],
    deltas: { "Live Music": 0.5, Upbeat: 0.1 },
  },
  { words: ["KARAOKE"], deltas: { Loud: 0.2, Upbeat: 0.2, Social: 0.1, Energetic: 0.1 } },
  {
    words: ["TEA", "TEAHOUSE", "TEAROOM", "BOOK", "BOOKS", "BOOKSTORE", "LIBRARY", "READING"],
    deltas: { Quiet: 0.2, Cozy: 0.15, Focused: 0.1 },
  },
  {
    words: ["SPORTS"],
    deltas: { Loud: 0.25, Energetic: 0.2, Social: 0.15, Chill: -0.1 },
  },
  // games played say something about company, not about noise or energy (a pool hall is not a sports bar)
  { words: ["GAME", "GAMES", "ARCADE", "BILLIARDS", "POOL HALL", "BOWLING"], deltas: { Social: 0.15 } },
  { words: ["LOUNGE"], deltas: { Chill: 0.2, Relaxed: 0.15, Romantic: 0.1 } },
  {
    words: ["BISTRO", "TRATTORIA", "OSTERIA", "BRASSERIE", "RISTORANTE", "CANDLELIGHT"],
    deltas: { Romantic: 0.2, Cozy: 0.1 },
  },
  { words: ["COCKTAIL", "COCKTAILS", "SPEAKEASY", "MIXOLOGY"], deltas: { Romantic: 0.1, Social: 0.1, Creative: 0.1 } },
  { words: ["PUB", "TAVERN", "ALEHOUSE", "ALE HOUSE", "PUBLIC HOUSE", "IRISH"], deltas: { Cozy: 0.2, Social: 0.1 } },
  {
    words: ["BREWERY", "BREWING", "BREWPUB", "BEER", "TAPROOM", "TAP ROOM", "BIERGARTEN", "BEER GARDEN", "BEER HALL"],
    deltas: { Social: 0.15, Upbeat: 0.1, Loud: 0.1 },
  },
  {
    words: ["ROOFTOP", "TERRACE", "VIEW", "VIEWS", "SKY", "SKYLINE", "GARDEN", "GARDENS", "PATIO"],
    deltas: { Relaxed: 0.15, Chill: 0.1, Romantic: 0.1 },
  },
  { words: ["ART", "ARTISAN", "GALLERY", "STUDIO", "CREATIVE", "CRAFT", "POETRY", "VINYL"], deltas: { Creative: 0.3 } },
  { words: ["ZEN", "QUIET", "SERENITY", "TRANQUIL"], deltas: { Quiet: 0.2, Relaxed: 0.15, Loud: -0.15 } },
  {
    words: ["TIKI", "ADVENTURE", "EXPLORER", "SAFARI", "PIRATE", "VOODOO", "FUSION"],
    deltas: { Adventurous: 0.3, Upbeat: 0.1 },
  },
  { words: ["DANCE", "DISCO", "NIGHTCLUB", "NIGHT CLUB", "DJ"], deltas: { Energetic: 0.15, Upbeat: 0.15 } },
  { words: ["EXPRESS", "TO GO", "FAST", "QUICK"], deltas: { Romantic: -0.2, Cozy: -0.1, Relaxed: -0.1 } },
  { words: ["LAB", "WORKSHOP", "STUDY", "WIFI", "COWORK", "COWORKING"], deltas: { Focused: 0.3 } },
];

const ADJUSTMENTS_T = NAME_ADJUSTMENTS.map((a) => ({ table: words(a.words), deltas: a.deltas }));

const toHundredths = (x: number) => Math.round(x * 100);

/**
 * Initial vibe scores (0..1, 2 decimals) of a venue from its category profile and name words.
 * Only vibes scoring above 0 are included; keys are in ALL_VIBES order.
 */
export function priorVibeScores(category: VenueCategory, name: string): Record<string, number> {
  const sums = new Map<string, number>();
  for (const [vibe, v] of Object.entries(CATEGORY_PROFILES[category])) sums.set(vibe, toHundredths(v));
  const tokens = normalizeName(name);
  for (const adj of ADJUSTMENTS_T) {
    if (!firstMatch(tokens, adj.table)) continue;
    for (const [vibe, d] of Object.entries(adj.deltas)) sums.set(vibe, (sums.get(vibe) ?? 0) + toHundredths(d));
  }
  const out: Record<string, number> = {};
  for (const vibe of ALL_VIBES) {
    const h = Math.min(100, Math.max(0, sums.get(vibe) ?? 0));
    if (h > 0) out[vibe] = h / 100;
  }
  return out;
}

/**
 * Vibes scoring at least DETECTED_VIBE_THRESHOLD, highest first, ties in name order; of two vibes
 * that contradict each other (spec 9's pairs: Loud and Quiet, Loud and Chill, Energetic and Quiet...)
 * only the one scoring higher matches, and neither when they score the same (issue 25: a karaoke
 * bar is not both Loud and Quiet). The card's tags (vibeTags) already show only one of a pair.
 */
export function detectedVibesFrom(scores: Record<string, number>): string[] {
  const over = Object.entries(scores).filter(([, s]) => Number.isFinite(s) && s >= DETECTED_VIBE_THRESHOLD);
  return over
    .filter(([vibe, s]) => !over.some(([other, so]) => so >= s && contradicts(vibe, other)))
    .sort(([a, sa], [b, sb]) => sb - sa || (a < b ? -1 : a > b ? 1 : 0))
    .map(([vibe]) => vibe);
}
