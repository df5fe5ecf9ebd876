import { describe, expect, it } from "vitest";
import { ALL_VIBES, VENUE_CATEGORIES } from "@shared/vocabulary";
import {
  CATEGORY_PROFILES,
  classifyName,
  DETECTED_VIBE_THRESHOLD,
  detectedVibesFrom,
  inferCategory,
  normalizeName,
  priorVibeScores,
  PRIOR_METHOD,
} from "./prior";

describe("normalizeName", () => {
  it("splits into upper-case whole words without accents or apostrophes", () => {
    expect(normalizeName("Café Claude")).toEqual(["CAFE", "CLAUDE"]);
    expect(normalizeName("PEET'S COFFEE & TEA")).toEqual(["PEETS", "COFFEE", "AND", "TEA"]);
    expect(normalizeName("Bob's Bar-B-Q")).toEqual(["BOBS", "BAR", "B", "Q"]);
    expect(normalizeName("AT&T - CLUB BAR #1 [145086]")).toEqual(["AT", "AND", "T", "CLUB", "BAR", "1", "145086"]);
    expect(normalizeName("  ")).toEqual([]);
  });
});

describe("inferCategory on names of the seed file", () => {
  const cases: Array<[string, string | null]> = [
    // venue-type nouns
    ["Tiramisu Kitchen", "Restaurant"],
    ["GEORGE'S COFFEE SHOP", "Cafe"],
    ["Blue Bottle Coffee", "Cafe"],
    ["Peet's Coffee & Tea", "Cafe"],
    ["Caffe Trieste", "Cafe"],
    ["TARTINE BAKERY", "Cafe"],
    ["Bi-Rite Creamery", "Cafe"],
    ["Imperial Tea Court", "Cafe"],
    ["Raven Bar", "Bar"],
    ["CHIEFTAIN IRISH PUB, THE", "Bar"],
    ["Hemlock Tavern", "Bar"],
    ["The Old Ship Saloon", "Bar"],
    ["DNA LOUNGE", "Bar"],
    ["Magnolia Pub & Brewery", "Bar"],
    ["THIRSTY BEAR BREWING CO", "Bar"],
    ["Bow Bow Cocktails", "Bar"],
    ["Izakaya Kou", "Bar"],
    ["Biergarten", "Bar"],
    ["Slanted Door Restaurant", "Restaurant"],
    ["TAQUERIA EL FAROLITO", "Restaurant"],
    ["Pizzeria Delfina", "Restaurant"],
    ["LUPA TRATTORIA", "Restaurant"],
    ["CHAYA BRASSERIE SAN FRANCISCO", "Restaurant"],
    ["Joanie's Diner Inc.", "Restaurant"],
    ["ASHOKA Indian Cuisine", "Restaurant"],
    ["MELS DRIVE-IN", "Restaurant"],
    ["HAWAIIAN DRIVE-INN #28", "Restaurant"],
    // dishes, chains and cuisines
    ["NORTH BEACH PIZZA", "Restaurant"],
    ["SUSHI ZONE", "Restaurant"],
    ["PHO HUYNH HIEP II", "Restaurant"],
    ["Broadway Dim Sum", "Restaurant"],
    ["MCDONALD'S #7413", "Restaurant"],
    ["SUBWAY", "Restaurant"],
    ["HOUSE OF HUNAN", "Restaurant"],
    ["Starbucks", "Cafe"],
    ["Bob's Donuts and Pastries", "Cafe"],
    ["Sidewalk Juice Bar", "Cafe"],
    // clubs
    ["Mezzanine Bar & Nightclub", "Club"],
    ["KABUKI NIGHT CLUB INC", "Club"],
    ["Icon Ultra Lounge", "Club"],
    ["540 CLUB", "Club"],
    ["Cat Club", "Club"],
    ["COMET CLUB", "Club"],
    // not venues
    ["Walgreens #15127", null],
    ["Everett Middle School", null],
    ["ST MARY'S HOSPITAL CAFETERIA", null],
    ["SF MARRIOTT HOTEL PANTRY 5/F", null],
    ["SF Hilton - Main Kitchen", null],
    ["OMNI S.F. Hotel - Employee Cafeteria", null],
    ["COW HOLLOW CATERING", null],
    ["LEAPING LEMUR CART", null],
    ["Tres Truck", null],
    ["Seoul on Wheels", null],
    ["Moscone Convention Center - Stand #1", null],
    ["Kabuki Cinema Bistro Bar", null],
    ["OPERA HOUSE - BASEMENT,LOWER LOUNGE", null],
    ["AT&T - CLUB BAR #1 [145086]", null],
    ["ALPHA MARKET", null],
    ["CONSTANS GROCERY", null],
    ["Sunshine Wine & Liquor", null],
    ["MICHAELIS WINE & SPIRITS", null],
    ["Plumpjack Wines", null],
    ["CHEVRON #1512", null],
    ["GUERRERO SHELL", null],
    ["7-ELEVEN", null],
    ["AFC Sushi @ Safeway 4601", null],
    ["AFC SUSHI @ MOLLIE STONE'S 2", null],
    ["The Village Market & Pizza", null],
    ["RESTAURANT DEPOT", null],
    ["Sodexo at Academy of Art University", null],
    ["See's Candies", null],
    // private, sports and membership clubs
    ["PRESIDIO GOLF CLUB", null],
    ["CALIFORNIA TENNIS CLUB", null],
    ["San Francisco Athletic Club", null],
    ["ST. FRANCIS YACHT CLUB", null],
    ["SF Bay Club - Court Cafe", null],
    ["The Olympic Club Bar/Grill", null],
    ["Bohemian Club", null],
    ["Town & Country Club", null],
    ["ITALIAN AMERICAN SOCIAL CLUB", null],
    ["Discount Club", null],
    ["Ritz-Carlton SF - Club Lounge", null],
    ["MONROE RESIDENCE CLUB", null],
  ];
  it.each(cases)("%s -> %s", (name, expected) => {
    expect(inferCategory(name)).toBe(expected);
  });

  it("matches BAR as a whole word only", () => {
    expect(inferCategory("PETES BARBEQUE")).toBe("Restaurant");
    expect(inferCategory("MEMPHIS MINNIE'S BBQ JOINT")).toBe("Restaurant");
    expect(inferCategory("Barbecue Barn")).toBe("Restaurant");
    expect(inferCategory("Bob's Bar-B-Q")).toBe("Restaurant");
    expect(inferCategory("Barber Shop Espresso")).toBe("Cafe");
    expect(inferCategory("BARBARY COAST PASTRY & COFFEE")).toBe("Cafe");
    expect(inferCategory("BARNEY'S")).toBeNull();
    expect(inferCategory("BARNEY'S GOURMET BURGER")).toBe("Restaurant");
    expect(inferCategory("Cinnabar")).toBeNull();
  });

  it("is case- and accent-insensitive", () => {
    expect(inferCategory("blue bottle coffee")).toBe("Cafe");
    expect(inferCategory("BLUE BOTTLE COFFEE")).toBe("Cafe");
    expect(inferCategory("Café Claude")).toBe("Cafe");
    expect(inferCategory("CAFÉ CLAUDE")).toBe("Cafe");
    expect(inferCategory("The Crème Brulee Cart")).toBeNull();
  });

  it("lets the first venue-type noun decide", () => {
    expect(inferCategory("Underdogs Sports Bar & Grill")).toBe("Bar");
    expect(inferCategory("Clement Street Bar & Grill")).toBe("Bar");
    expect(inferCategory("KEZAR BAR & RESTAURANT")).toBe("Bar");
    expect(inferCategory("BASIL THAI RESTAURANT & BAR")).toBe("Restaurant");
    expect(inferCategory("Sheba Restaurant & Lounge")).toBe("Restaurant");
    expect(inferCategory("Cable Car City Pub & Cafe")).toBe("Bar");
    expect(inferCategory("21ST AMENDMENT BREWERY CAFE")).toBe("Bar");
    expect(inferCategory("Vinyl Cafe and Wine Bar")).toBe("Cafe");
    expect(inferCategory("Hilton Financial District-Flute Coffee and Wine Bar")).toBe("Cafe");
    expect(inferCategory("Sutter Pub and Restaurant")).toBe("Bar");
    expect(inferCategory("GOLDEN CHARIOT BAKERY & REST")).toBe("Cafe");
    expect(inferCategory("TOWN'S END RESTAURANT & BAKERY")).toBe("Restaurant");
  });

  it("reads '<food> BAR' as food, not as a bar", () => {
    expect(inferCategory("Akiko's Sushi Bar")).toBe("Restaurant");
    expect(inferCategory("ATAMI SUSHI BAR & GRILL")).toBe("Restaurant");
    expect(inferCategory("ANCHOR OYSTER BAR INC.")).toBe("Restaurant");
    expect(inferCategory("Noodle Bar and Grill")).toBe("Restaurant");
    expect(inferCategory("Pancho's Salsa Bar & Grill")).toBe("Restaurant");
    expect(inferCategory("Burger Bar SF")).toBe("Restaurant");
    expect(inferCategory("Custom Burger Lounge")).toBe("Restaurant");
    expect(inferCategory("Nordstrom Espresso Bar")).toBe("Cafe");
    expect(inferCategory("Spin City Coffee Bar")).toBe("Cafe");
    expect(inferCategory("The Ice Cream Bar")).toBe("Cafe");
    expect(inferCategory("Sift Cupcake & Dessert Bar")).toBe("Cafe");
    expect(inferCategory("Etcetera Wine Bar")).toBe("Bar");
    expect(inferCategory("Tataki Suski & Sake Bar")).toBe("Bar");
  });

  it("puts nightclub words before everything but non-venues, and plain CLUB after the other words", () => {
    expect(classifyName("Mezzanine Bar & Nightclub").rule).toBe("nightclub");
    expect(inferCategory("Sushi Club")).toBe("Restaurant");
    expect(inferCategory("Swank Cocktail Club")).toBe("Bar");
    expect(inferCategory("Roccaupulco Supper Club")).toBe("Restaurant");
    expect(classifyName("Hi-Lo Club")).toEqual({ category: "Club", rule: "club-word", matched: "CLUB" });
  });

  it("checks shop words after the venue words and before the food words", () => {
    expect(inferCategory("FLOWER MARKET CAFE")).toBe("Cafe");
    expect(inferCategory("CINCO DE MAYO TAQUERIA & GROCERY")).toBe("Restaurant");
    expect(inferCategory("Bob's Grill & Grocery")).toBe("Restaurant");
    expect(inferCategory("Market & Pizza")).toBeNull();
    expect(inferCategory("MARCO POLO ITALIAN ICE CREAM")).toBe("Cafe"); // food word before cuisine
  });

  it("falls back to the permit class only when the name says nothing", () => {
    expect(inferCategory("The Royal Oak")).toBeNull();
    expect(inferCategory("The Royal Oak", "H86")).toBe("Bar");
    expect(inferCategory("Nopa")).toBeNull();
    expect(inferCategory("Nopa", "H26")).toBe("Restaurant");
    expect(inferCategory("Nopa", " h26 ")).toBe("Restaurant");
    expect(classifyName("Nopa", "H26")).toEqual({ category: "Restaurant", rule: "permit", matched: "H26" });
    expect(inferCategory("Big 5 Sporting Goods #156", "H03")).toBeNull();
    expect(inferCategory("Nopa", "")).toBeNull();
    expect(inferCategory("Nopa", null)).toBeNull();
    // The name decides when it can, whatever the permit.
    expect(inferCategory("Raven Bar", "H24")).toBe("Bar");
    expect(inferCategory("Everett Middle School", "H26")).toBeNull();
    expect(inferCategory("Ghirardelli Chocolate Fountain", "H24")).toBeNull();
    // Hotels, centres and services are not guessed.
    expect(classifyName("Holiday Inn Fisherman's Wharf", "H26").rule).toBe("no-fallback");
    expect(inferCategory("Croatian Cultural Center", "H26")).toBeNull();
  });

  it("never returns a category outside VENUE_CATEGORIES", () => {
    for (const [name] of cases) {
      const c = inferCategory(name, "H26");
      if (c !== null) expect(VENUE_CATEGORIES).toContain(c);
    }
    expect(inferCategory("")).toBeNull();
    expect(inferCategory("!!!")).toBeNull();
  });
});

describe("priorVibeScores", () => {
  const twoDecimals = (x: number) => Math.abs(x * 100 - Math.round(x * 100)) < 1e-9;

  it("is the category profile for a name without adjustment words", () => {
    for (const c of VENUE_CATEGORIES) expect(priorVibeScores(c, "Nopa")).toEqual(CATEGORY_PROFILES[c]);
  });

  it("is deterministic, in [0, 1], 2 decimals, only known vibes above 0, keys in ALL_VIBES order", () => {
    const names = ["Whiskey Thieves", "Firefly Sports Bar", "Etcetera Wine Bar", "Coffee Express", "JAZZ ROOM", "Nopa"];
    for (const c of VENUE_CATEGORIES) {
      for (const n of names) {
        const a = priorVibeScores(c, n);
        expect(priorVibeScores(c, n)).toEqual(a);
        const keys = Object.keys(a);
        expect(keys).toEqual(ALL_VIBES.filter((v) => keys.includes(v)));
        for (const s of Object.values(a)) {
          expect(s).toBeGreaterThan(0);
          expect(s).toBeLessThanOrEqual(1);
          expect(twoDecimals(s)).toBe(true);
        }
      }
    }
  });

  it("adjusts by name words", () => {
    expect(priorVibeScores("Bar", "Whiskey Thieves").Whiskey).toBe(0.8);
    const saloon = priorVibeScores("Bar", "The Saloon");
    expect(saloon["Country Music"]).toBe(0.45);
    expect(saloon.Whiskey).toBe(0.4);
    expect(priorVibeScores("Restaurant", "PETES BARBEQUE")["Country Music"]).toBe(0.25);
    const wine = priorVibeScores("Bar", "Etcetera Wine Bar");
    expect(wine.Romantic).toBe(0.25);
    expect(wine.Cozy).toBe(0.15);
    expect(wine.Loud).toBe(0.25);
    expect(priorVibeScores("Bar", "JAZZ ROOM")["Live Music"]).toBe(0.5);
    const tea = priorVibeScores("Cafe", "Imperial Tea Court");
    expect(tea.Quiet).toBe(0.65);
    expect(tea.Cozy).toBe(0.7);
    expect(tea.Focused).toBe(0.5);
    const sports = priorVibeScores("Bar", "Firefly Sports Bar");
    expect(sports.Loud).toBe(0.6);
    expect(sports.Energetic).toBe(0.5);
    expect(sports.Social).toBe(0.75);
    expect(sports.Chill).toBe(0.2);
    const lounge = priorVibeScores("Bar", "MARINA LOUNGE");
    expect(lounge.Chill).toBe(0.5);
    expect(lounge.Romantic).toBe(0.1);
    expect(priorVibeScores("Restaurant", "LUPA TRATTORIA").Romantic).toBe(0.5);
    expect(priorVibeScores("Bar", "The Greens Sports Bar").Relaxed).toBe(0.25); // GREENS is not GARDEN(S)
    // a pool hall is company, not a sports bar: no more noise or energy than any bar
    const pool = priorVibeScores("Bar", "Fillmore Billiards");
    expect(pool.Social).toBe(0.75);
    expect(pool.Energetic).toBe(CATEGORY_PROFILES.Bar.Energetic);
    expect(pool.Loud).toBe(CATEGORY_PROFILES.Bar.Loud);
  });

  it("ignores words that mislead in San Francisco names", () => {
    expect(priorVibeScores("Restaurant", "NORTH BEACH PIZZA")).toEqual(CATEGORY_PROFILES.Restaurant);
    expect(priorVibeScores("Cafe", "ART'S CAFE")).toEqual(CATEGORY_PROFILES.Cafe);
    expect(priorVibeScores("Cafe", "Cowgirl Creamery/Artisan Cheese")).not.toHaveProperty("Country Music");
    expect(priorVibeScores("Restaurant", "Caffe Sport")).toEqual(CATEGORY_PROFILES.Restaurant);
    expect(priorVibeScores("Cafe", "Mama' Art Cafe").Creative).toBe(0.55);
  });

  it("applies each word group once and is case-insensitive", () => {
    expect(priorVibeScores("Bar", "Wine Wine Wine Bar")).toEqual(priorVibeScores("Bar", "Wine Bar"));
    expect(priorVibeScores("Bar", "whiskey thieves")).toEqual(priorVibeScores("Bar", "WHISKEY THIEVES"));
  });

  it("clamps to [0, 1] and drops vibes that reach 0", () => {
    const loud = priorVibeScores("Club", "Sports Karaoke Dance Club");
    expect(loud.Loud).toBe(1);
    expect(loud.Energetic).toBe(1);
    const express = priorVibeScores("Cafe", "Coffee Express");
    expect(express).not.toHaveProperty("Romantic");
    expect(express.Cozy).toBe(0.45);
    expect(express.Relaxed).toBe(0.4);
    expect(priorVibeScores("Restaurant", "Panda Express").Romantic).toBe(0.1);
  });
});

describe("detectedVibesFrom", () => {
  it("keeps scores of at least 0.4, highest first, ties by name", () => {
    expect(DETECTED_VIBE_THRESHOLD).toBe(0.4);
    expect(
      detectedVibesFrom({
        Quiet: 0.45,
        Chill: 0.6,
        Cozy: 0.55,
        Relaxed: 0.5,
        Focused: 0.4,
        Social: 0.39,
        Creative: 0.25,
      }),
    ).toEqual(["Chill", "Cozy", "Relaxed", "Quiet", "Focused"]);
    expect(detectedVibesFrom({ Social: 0.5, Chill: 0.6, Relaxed: 0.6 })).toEqual(["Chill", "Relaxed", "Social"]);
    expect(detectedVibesFrom({ Social: 0.3 })).toEqual([]);
    expect(detectedVibesFrom({})).toEqual([]);
    expect(detectedVibesFrom({ Social: Number.NaN, Chill: 0.4 })).toEqual(["Chill"]);
  });

  it("matches only the higher of two contradicting vibes, and neither when they tie (issue 25)", () => {
    // a karaoke bar read as both: only the stronger end matches
    expect(detectedVibesFrom({ Loud: 0.76, Quiet: 0.49, Social: 0.6 })).toEqual(["Loud", "Social"]);
    expect(detectedVibesFrom({ Loud: 0.42, Quiet: 0.58 })).toEqual(["Quiet"]);
    expect(detectedVibesFrom({ Energetic: 0.8, Chill: 0.44, Loud: 0.8 })).toEqual(["Energetic", "Loud"]);
    // a tie says nothing either way
    expect(detectedVibesFrom({ Social: 0.5, Chill: 0.5, Energetic: 0.5 })).toEqual(["Social"]);
    // a contradicting vibe under the threshold takes nothing away
    expect(detectedVibesFrom({ Loud: 0.45, Quiet: 0.3 })).toEqual(["Loud"]);
  });

  it("gives every category at least one detected vibe", () => {
    expect(detectedVibesFrom(priorVibeScores("Bar", "Nopa"))).toEqual(["Social"]);
    expect(detectedVibesFrom(priorVibeScores("Cafe", "Nopa"))).toEqual([
      "Chill",
      "Cozy",
      "Relaxed",
      "Quiet",
      "Focused",
    ]);
    expect(detectedVibesFrom(priorVibeScores("Restaurant", "Nopa"))).toEqual(["Social"]);
    expect(detectedVibesFrom(priorVibeScores("Club", "Nopa"))).toEqual(["Energetic", "Loud", "Upbeat", "Social"]);
  });

  it("names its method", () => {
    expect(PRIOR_METHOD).toBe("prior-v1");
  });
});
