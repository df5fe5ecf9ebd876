/**
 * The text analyzer's data (lexicon-v1): every phrase it knows and what it means. The analyzer
 * itself, and how these are used, are in ../text.ts; the figures in docs/vibe-analysis.md.
 * Phrases are lower case; "|" separates alternatives; weights are evidence units.
 */

export type Weights = Readonly<Record<string, number>>;

export interface VibeEntry {
  kind: "vibe";
  phrase: string;
  weights: Weights;
  ctx?: "food" | "atmo";
  neg?: Weights;
}

const V = (phrases: string, weights: Weights, opts: { ctx?: "food" | "atmo"; neg?: Weights } = {}): VibeEntry[] =>
  phrases.split("|").map((phrase) => ({ kind: "vibe", phrase: phrase.trim(), weights, ...opts }));

/** What a negated vibe means when its entry has no `neg`: "not loud" reads a little quiet. */
export const ANTONYMS: Readonly<Record<string, Weights>> = {
  Loud: { Quiet: 0.35, Chill: 0.2 },
  Energetic: { Chill: 0.25, Relaxed: 0.2 },
  Quiet: { Loud: 0.25 },
};

const CROWD_NEG = { Quiet: 0.55, Chill: 0.1 };

/** The lexicon. Grouped by the vibe an entry is mainly about; weights are evidence units. */
export const LEXICON: readonly VibeEntry[] = [
  // ---- Romantic
  ...V("date night|date nights|date spot|date place|date night spot|romantic spot", { Romantic: 1.2, Social: 0.1 }),
  ...V("first date|a date|on a date|perfect date|great date|anniversary|anniversaries", { Romantic: 1.0, Social: 0.1 }),
  ...V("date", { Romantic: 0.5 }, { ctx: "food" }),
  ...V("romantic|romantically|romance|valentine|valentines|valentine's day|honeymoon|rose petals", { Romantic: 1.1 }),
  ...V("proposal|proposed|engagement|engaged", { Romantic: 0.7 }),
  ...V("candlelit|candle lit|candlelight|candle light|by candlelight", { Romantic: 1.0, Cozy: 0.6 }),
  ...V("candle|candles|tea lights", { Romantic: 0.6, Cozy: 0.45 }),
  ...V("intimate|intimacy", { Romantic: 0.8, Cozy: 0.5, Quiet: 0.1 }),
  ...V("couples|for couples", { Romantic: 0.5, Social: 0.1 }),
  ...V(
    "boyfriend and i|girlfriend and i|husband and i|wife and i|fiance and i|fiancee and i|partner and i|hubby and i|date and i",
    { Romantic: 0.18 },
  ),
  ...V("set the mood|sets the mood|setting the mood|mood lighting", { Romantic: 0.8, Cozy: 0.3 }),
  ...V(
    "dim lighting|dimly lit|dim lights|low lighting|low light|soft lighting|soft light|warm lighting|warm light|warm lights|fairy lights|string lights",
    { Cozy: 0.65, Romantic: 0.5 },
  ),
  ...V("dim|dimmed", { Cozy: 0.45, Romantic: 0.4 }, { ctx: "atmo" }),
  ...V("dark", { Romantic: 0.35, Cozy: 0.35 }, { ctx: "atmo" }),
  ...V("elegant|elegantly|sophisticated|classy|chic", { Romantic: 0.45 }),
  ...V("fine dining|white tablecloth|white tablecloths|tablecloths", { Romantic: 0.6, Quiet: 0.15 }),
  ...V("upscale|fancy|dress up|dressed up", { Romantic: 0.35 }, { neg: { Chill: 0.4, Relaxed: 0.15 } }),
  ...V("sexy|seductive|flirt|flirting|flirty", { Romantic: 0.5, Social: 0.15 }),
  ...V("charming|charm", { Cozy: 0.4, Romantic: 0.35 }),
  ...V("sunset|sunsets|sunset view", { Romantic: 0.45, Relaxed: 0.35 }),
  ...V("view|views|ocean view|lake view|city view|skyline", { Romantic: 0.25, Relaxed: 0.25 }),
  ...V("wine bar|wine bars", { Romantic: 0.5, Relaxed: 0.15, Social: 0.15 }),
  ...V("wine list|wine pairing|champagne|prosecco", { Romantic: 0.18 }),
  ...V("string quartet|violinist|violinists|violin|violins|harpist|harp", { "Live Music": 0.8, Romantic: 0.6 }),

  // ---- Cozy
  ...V("cozy|cosy|cozier|cosier|coziest|cosiest|coziness|cosiness|cozily", { Cozy: 1.0, Relaxed: 0.15 }),
  ...V("snug|snuggle|snuggled|hygge|curl up", { Cozy: 0.9, Relaxed: 0.15 }),
  ...V("fireplace|fireplaces|fire place|log fire|open fire|roaring fire|wood stove|fire pit|firepit", {
    Cozy: 1.0,
    Romantic: 0.15,
    Relaxed: 0.1,
  }),
  ...V("warm|warmth", { Cozy: 0.6, Romantic: 0.1 }, { ctx: "atmo" }),
  ...V("warm and fuzzy|warm and cozy|warm and inviting|warm and welcoming", { Cozy: 1.1, Relaxed: 0.1 }),
  ...V("homey|homely|homy|homelike|feels like home|like home|home away from home|like being at home", {
    Cozy: 0.9,
    Relaxed: 0.15,
  }),
  ...V("inviting|welcoming", { Cozy: 0.18, Social: 0.1 }),
  ...V("quaint", { Cozy: 0.8, Romantic: 0.15 }),
  ...V("cute", { Cozy: 0.35 }, { ctx: "atmo" }),
  ...V("nook|nooks|cubby|reading nook|corner table", { Cozy: 0.8, Quiet: 0.15 }),
  ...V("blanket|blankets|throw pillows|cushions", { Cozy: 0.5, Relaxed: 0.15 }),
  ...V("couch|couches|sofa|sofas|armchair|armchairs|beanbags|bean bags", { Cozy: 0.5, Relaxed: 0.45 }),
  ...V("rustic|cabin|log cabin|wood paneled|wood panelled|wood paneling|exposed brick", { Cozy: 0.45 }),
  ...V("leather booths|leather chairs|leather armchairs", { Cozy: 0.45, Whiskey: 0.15 }),
  ...V("booth|booths", { Cozy: 0.15 }),
  ...V("hot cocoa|hot chocolate|hot cider|mulled wine|cider", { Cozy: 0.4 }),
  ...V("rainy day|rainy days|rainy evening|rainy night|cold night|winter night|winter evening|snowy", { Cozy: 0.45 }),
  ...V("mom and pop|family owned|family run|locally owned", { Cozy: 0.5 }),
  ...V("family restaurant|family feel", { Cozy: 0.4, Social: 0.1 }),
  ...V("neighborhood bar|neighbourhood bar|neighborhood spot|neighbourhood spot|local pub|corner pub|local bar", {
    Cozy: 0.5,
    Social: 0.3,
    Chill: 0.15,
  }),
  ...V(
    "little place|little spot|little cafe|little bar|little restaurant|little shop|little nook|little corner|little bistro",
    { Cozy: 0.5 },
  ),
  ...V("small|tiny", { Cozy: 0.25 }, { ctx: "atmo" }),
  ...V("regulars|know your name|knows your name", { Cozy: 0.35, Social: 0.35 }),

  // ---- Chill
  ...V(
    "chill|chill out|chilled out|chillout|chillax|chill vibe|chill vibes|chill spot",
    { Chill: 1.0, Relaxed: 0.4 },
    { ctx: "food" },
  ),
  ...V("chilling|chillin", { Chill: 0.6, Relaxed: 0.15 }),
  ...V("cool vibe|cool vibes|cool atmosphere|cool spot|cool place", { Chill: 0.5, Upbeat: 0.15 }),
  ...V("laid back|laidback|easygoing|easy going", { Chill: 1.0, Relaxed: 0.7 }),
  ...V("low key|lowkey", { Chill: 0.8, Relaxed: 0.5, Quiet: 0.15 }),
  ...V("mellow", { Chill: 0.8, Relaxed: 0.5, Quiet: 0.3 }, { ctx: "food" }),
  ...V("calm|calming|calmer", { Chill: 0.6, Quiet: 0.55, Relaxed: 0.18 }),
  ...V("no frills|unpretentious|down to earth", { Chill: 0.55, Relaxed: 0.15 }),
  ...V("casual|casually", { Chill: 0.5, Relaxed: 0.4 }, { ctx: "food" }),
  ...V("hang out|hangout|hangouts|hanging out|hung out", { Chill: 0.5, Social: 0.5 }),
  ...V("kick back|kicking back|kick it", { Chill: 0.7, Relaxed: 0.6 }),
  ...V("lounge|lounges|lounging", { Chill: 0.45, Relaxed: 0.4 }),
  ...V("zen", { Chill: 0.6, Quiet: 0.4, Relaxed: 0.4 }),
  ...V("lazy|lazy sunday|sunday afternoon", { Chill: 0.5, Relaxed: 0.5 }, { ctx: "food" }),
  ...V("beach|beachy|beach bar|beachside|tiki bar", { Relaxed: 0.5, Chill: 0.45 }),
  ...V("breezy", { Relaxed: 0.4, Chill: 0.3 }),
  ...V("hammock|hammocks", { Relaxed: 0.7, Chill: 0.5 }),

  // ---- Relaxed
  ...V("relaxed|relaxing|relax|relaxation|relaxes", { Relaxed: 1.0, Chill: 0.15 }),
  ...V("unwind|unwinding|decompress|wind down", { Relaxed: 0.9, Chill: 0.15 }),
  ...V("no rush|unhurried|leisurely|take your time|at your own pace|linger|lingered", { Relaxed: 0.6, Chill: 0.15 }),
  ...V("patio|patios|terrace|terraces|courtyard|deck", { Relaxed: 0.5, Chill: 0.15 }),
  ...V("outdoor seating|outdoor dining|outdoor patio|al fresco|alfresco|sidewalk tables", {
    Relaxed: 0.55,
    Chill: 0.15,
  }),
  ...V("outdoor|outdoors", { Relaxed: 0.3, Chill: 0.1 }),
  ...V("garden|gardens|garden seating", { Relaxed: 0.5, Chill: 0.15, Quiet: 0.15 }),
  ...V("rooftop|roof deck|roof top", { Relaxed: 0.3, Social: 0.3, Romantic: 0.15 }),
  ...V("waterfront|by the water|on the water|lakeside|riverside", { Relaxed: 0.5, Romantic: 0.3 }),
  ...V("soothing|serene|serenity|tranquil|tranquility", { Relaxed: 0.7, Quiet: 0.6, Chill: 0.5 }),
  ...V("spa", { Relaxed: 0.6, Quiet: 0.15 }),
  ...V("comfortable|comfy", { Relaxed: 0.5, Cozy: 0.3 }, { ctx: "atmo" }),
  ...V("piano music|soft jazz|smooth jazz", { Relaxed: 0.45, Romantic: 0.18, Quiet: 0.15 }),
  ...V("soft music|background music|quiet music|music was low|music is low|low music", { Quiet: 0.5, Relaxed: 0.35 }),

  // ---- Quiet
  ...V("quiet|quieter|quietest|quietly", { Quiet: 1.0, Chill: 0.15 }),
  ...V("peace and quiet|hear yourself think|hear each other|hear one another|hear your friends|hear my friends", {
    Quiet: 1.2,
  }),
  ...V("peaceful|peacefully", { Quiet: 0.7, Chill: 0.6, Relaxed: 0.6 }),
  ...V("silent|silence|hushed|hush|whisper|whispering", { Quiet: 0.8 }),
  ...V("can talk|could talk|easy to talk|able to talk|talk to each other|have a conversation|actually talk", {
    Quiet: 0.7,
    Social: 0.15,
  }),
  ...V("empty|emptied", { Quiet: 0.7 }, { ctx: "atmo", neg: { Energetic: 0.3, Social: 0.15 } }),
  ...V("vacant|deserted|uncrowded|not crowded", { Quiet: 0.7, Relaxed: 0.15 }),
  ...V("the only customers|the only people|the only ones|the only guests|the only table|only ones there", {
    Quiet: 0.7,
  }),
  ...V(
    "only #num others|only #num other people|only #num people|only #num tables|only #num other tables|only #num customers|only #num other customers|only #num guests|only #num diners|only a few people|only a few tables|only a handful",
    { Quiet: 0.6 },
  ),
  ...V("library|reading room", { Quiet: 0.8, Focused: 0.6 }),
  ...V("quiet corner|quiet spot|quiet place", { Quiet: 1.0, Focused: 0.3, Cozy: 0.15 }),
  ...V("low volume", { Quiet: 0.6 }),

  // ---- Loud
  ...V("loud|louder|loudest", { Loud: 1.0 }),
  ...V("loudly", { Loud: 0.5 }),
  ...V("noisy|noisier|noisiest", { Loud: 1.0 }),
  ...V("noise|noise level|noise levels", { Loud: 0.7 }, { neg: { Quiet: 0.5, Chill: 0.15 } }),
  ...V("deafening|ear splitting|earsplitting|cacophony|racket|din", { Loud: 1.3 }),
  ...V("blaring|blasting|blasted|booming|cranked", { Loud: 0.95, Energetic: 0.35 }),
  ...V("thumping|pounding|bumping", { Loud: 0.7, Energetic: 0.5 }, { ctx: "food" }),
  ...V("bass", { Loud: 0.5, Energetic: 0.15 }, { ctx: "food" }),
  ...V("rowdy|boisterous|raucous", { Loud: 0.9, Social: 0.3, Energetic: 0.15 }),
  ...V("yelling|shouting|screaming|scream|shout|yell", { Loud: 0.8 }),
  ...V("drunk|drunks|drunken|wasted crowd", { Loud: 0.6, Energetic: 0.15 }),
  ...V("madhouse|mad house|chaos|chaotic|zoo", { Loud: 0.7, Energetic: 0.6 }),
  ...V("hectic|frantic", { Energetic: 0.45, Loud: 0.4 }),
  ...V("packed", { Energetic: 0.5, Loud: 0.45, Social: 0.15 }, { ctx: "food", neg: CROWD_NEG }),
  ...V(
    "crowded|overcrowded|jam packed|jampacked|slammed|mobbed|standing room only|elbow to elbow|shoulder to shoulder",
    { Loud: 0.5, Energetic: 0.45, Social: 0.15 },
    { neg: CROWD_NEG },
  ),
  ...V(
    "busy|busier|busiest",
    { Energetic: 0.45, Loud: 0.18, Social: 0.1 },
    { ctx: "food", neg: { Quiet: 0.6, Chill: 0.1 } },
  ),
  ...V("full", { Energetic: 0.3, Social: 0.15 }, { ctx: "atmo", neg: { Quiet: 0.4 } }),
  ...V("crowd|crowds", { Social: 0.15, Energetic: 0.1 }, { neg: { Quiet: 0.3 } }),
  ...V("sports bar|sports bars|sports pub", { Social: 0.7, Loud: 0.6, Energetic: 0.5 }),
  ...V(
    "watch the game|watching the game|watch sports|watching sports|sporting events|sporting event|game day|big game|the game on",
    { Social: 0.55, Energetic: 0.45, Loud: 0.15 },
  ),
  ...V("tvs|tv|screens|big screen|big screens|flat screens", { Social: 0.18, Loud: 0.1 }),

  // ---- Energetic
  ...V("energetic|high energy|full of energy", { Energetic: 1.1, Upbeat: 0.3 }),
  ...V("energy", { Energetic: 0.7, Upbeat: 0.15 }, { ctx: "food" }),
  ...V(
    "lively|vibrant|buzzing|buzzy|bustling|hopping|hustle and bustle",
    { Energetic: 0.8, Upbeat: 0.6, Social: 0.3 },
    { ctx: "food" },
  ),
  ...V("buzz", { Energetic: 0.5, Social: 0.15 }, { ctx: "food" }),
  ...V("electric|electrifying", { Energetic: 0.9, Upbeat: 0.15 }, { ctx: "atmo" }),
  ...V("exciting|excitement", { Energetic: 0.55, Upbeat: 0.4 }, { ctx: "food" }),
  ...V("wild|crazy crowd|crazy crowds|crazy busy", { Energetic: 0.7, Loud: 0.4 }, { ctx: "food" }),
  ...V("sweaty|pumping|jumping|turnt|turned up|rager", { Energetic: 0.65, Loud: 0.35 }, { ctx: "food" }),
  ...V("dance floor|dancefloor|dance floors", { Energetic: 1.0, Upbeat: 0.7, Loud: 0.5, Social: 0.15 }),
  ...V("dancing|dance|danced|dances|dance party|dance parties", { Energetic: 0.8, Upbeat: 0.6, Social: 0.15 }),
  ...V("dj|djs|deejay|dj set|live dj", { Energetic: 0.8, Loud: 0.55, Upbeat: 0.55 }),
  ...V(
    "club|clubs|nightclub|nightclubs|clubbing|rave|raves",
    { Energetic: 0.7, Loud: 0.55, Social: 0.15 },
    { ctx: "food" },
  ),
  ...V("edm|techno|house music|hip hop|hiphop|reggaeton|top 40", { Energetic: 0.8, Loud: 0.45, Upbeat: 0.5 }),
  ...V("party|parties|partying|partied", { Social: 0.5, Energetic: 0.45, Upbeat: 0.35 }),
  ...V("nightlife|night out|nights out", { Energetic: 0.55, Social: 0.5 }),
  ...V("all night|late night|late nights|till close|until close", { Energetic: 0.15 }),
  ...V("shots|shot of|round of shots", { Energetic: 0.35, Social: 0.35 }, { ctx: "food" }),
  ...V("bachelorette|bachelor party|bachelorette party|hen party|stag party", {
    Social: 1.0,
    Energetic: 0.6,
    Loud: 0.3,
  }),
  ...V("energizing|energising|invigorating", { Energetic: 0.8, Upbeat: 0.5 }),

  // ---- Upbeat
  ...V("upbeat|up beat|cheerful|cheery|joyful|joyous|festive", { Upbeat: 1.0, Social: 0.1 }),
  ...V(
    "fun|so much fun|funnest|fun atmosphere|fun vibe",
    { Upbeat: 0.6, Social: 0.15, Energetic: 0.12 },
    { ctx: "food" },
  ),
  ...V("a blast|had a blast|such a blast", { Upbeat: 0.9, Energetic: 0.5, Social: 0.3 }),
  ...V("good time|great time|fun time|good times|great times|fun night|great night", { Upbeat: 0.55, Social: 0.3 }),
  ...V("good vibes|great vibes|good vibe|great vibe|positive vibes|happy vibes|feel good|feelgood", {
    Upbeat: 0.6,
    Social: 0.15,
  }),
  ...V("playful|lighthearted|light hearted", { Upbeat: 0.6, Creative: 0.15 }),
  ...V(
    "playlist|tunes|good music|great music|awesome music|music is great|music was great|music was good|music is good",
    { Upbeat: 0.55, Social: 0.1 },
  ),
  ...V("music", { Upbeat: 0.18, Energetic: 0.05 }, { neg: { Quiet: 0.45 } }),
  ...V("sing along|singalong|sing alongs|singing", { Upbeat: 0.6, Social: 0.4, "Live Music": 0.15 }),
  ...V("karaoke", { Social: 0.8, Upbeat: 0.6, Loud: 0.4 }),
  ...V("celebrate|celebrating|celebrated|celebration|celebrations|birthday|birthdays", { Social: 0.6, Upbeat: 0.15 }),
  ...V("colorful|colourful|vivid", { Upbeat: 0.45, Creative: 0.4 }),
  ...V("bright|sunny|sunlit|airy", { Upbeat: 0.15, Focused: 0.15, Relaxed: 0.1 }, { ctx: "atmo" }),

  // ---- Live Music
  ...V(
    "live music|live band|live bands|live jazz|live performance|live performances|live entertainment|live acts|live act|live show|live shows|live set|live sets|live musicians",
    { "Live Music": 1.3, Upbeat: 0.15 },
  ),
  ...V("band|bands|cover band|cover bands|house band|jazz band|jazz trio|jazz night|jazz combo", {
    "Live Music": 0.9,
    Upbeat: 0.1,
  }),
  ...V("musician|musicians|singer|singers|guitarist|guitarists|drummer|bassist|vocalist|pianist", {
    "Live Music": 0.85,
  }),
  ...V("performer|performers|performance|performances|perform|performed|performing|performs", {
    "Live Music": 0.55,
    Creative: 0.15,
  }),
  ...V("gig|gigs|concert|concerts|recital|symphony|orchestra|on stage|the stage|small stage|tiny stage", {
    "Live Music": 0.9,
  }),
  ...V("stage", { "Live Music": 0.5 }),
  ...V("trio|duo|quartet|quintet", { "Live Music": 0.5 }, { ctx: "food" }),
  ...V("acoustic|unplugged", { "Live Music": 0.6, Chill: 0.3 }),
  ...V("jazz", { "Live Music": 0.4, Relaxed: 0.3, Romantic: 0.15 }),
  ...V("blues", { "Live Music": 0.4, Chill: 0.15 }),
  ...V("piano", { "Live Music": 0.35, Romantic: 0.15, Relaxed: 0.15 }),
  ...V("piano bar|dueling pianos|duelling pianos", { "Live Music": 1.0, Social: 0.4, Upbeat: 0.4 }),
  ...V("jam session|jam sessions|jam night", { "Live Music": 1.0, Creative: 0.4 }),
  ...V("mariachi|mariachis|salsa band|brass band", { "Live Music": 1.0, Upbeat: 0.5 }),
  ...V("guitar|drums|saxophone|sax|trumpet", { "Live Music": 0.5 }),

  // ---- Country Music
  ...V(
    "country music|country band|country bands|country singer|country night|country western|country and western|country bar|country songs",
    { "Country Music": 1.3, "Live Music": 0.15 },
  ),
  ...V("honky tonk|honkytonk|honky tonks|hoedown|barn dance", { "Country Music": 1.3, Energetic: 0.4, Loud: 0.15 }),
  ...V("line dancing|line dance|line dances|two step|two stepping|square dancing|boot scootin", {
    "Country Music": 1.1,
    Energetic: 0.6,
    Social: 0.15,
  }),
  ...V("bluegrass|americana|outlaw country|steel guitar|pedal steel|twang|twangy", {
    "Country Music": 1.0,
    "Live Music": 0.3,
  }),
  ...V("fiddle|fiddles|fiddler|banjo|banjos", { "Country Music": 0.8, "Live Music": 0.6 }),
  ...V("cowboy|cowboys|cowboy boots|cowboy hats|cowgirl|cowgirls|rodeo|western bar|western saloon|nashville", {
    "Country Music": 0.65,
  }),
  ...V("boots", { "Country Music": 0.3 }),
  ...V(
    "garth brooks|dolly parton|johnny cash|willie nelson|george strait|luke bryan|shania twain|kenny chesney|chris stapleton|merle haggard|hank williams|patsy cline|waylon jennings|reba",
    { "Country Music": 1.0 },
  ),
  ...V("saloon|saloons", { "Country Music": 0.6, Whiskey: 0.45, Social: 0.15 }),
  ...V("mechanical bull", { "Country Music": 0.5, Energetic: 0.6, Adventurous: 0.5 }),
  ...V("jukebox", { Upbeat: 0.15, "Country Music": 0.1, Chill: 0.1 }),

  // ---- Whiskey
  ...V(
    "whiskey|whisky|whiskeys|whiskies|bourbon|bourbons|scotch|scotches|single malt|single malts",
    { Whiskey: 1.2 },
    { ctx: "food" },
  ),
  ...V(
    "whiskey bar|whisky bar|bourbon bar|scotch bar|whiskey list|bourbon list|scotch list|whiskey selection|bourbon selection|whiskey flight|bourbon flight|scotch flight",
    { Whiskey: 1.3, Social: 0.1 },
  ),
  ...V("malt|malts|rye", { Whiskey: 0.5 }, { ctx: "food" }),
  ...V("distillery|distilleries|dram|drams|neat pour|on the rocks|old fashioned|old fashioneds|sazerac|manhattans", {
    Whiskey: 0.7,
  }),
  ...V(
    "jameson|jack daniels|jack daniel's|jim beam|maker's mark|makers mark|johnnie walker|glenlivet|glenfiddich|lagavulin|laphroaig|macallan|pappy van winkle|buffalo trace|woodford|bulleit|fireball",
    { Whiskey: 1.0 },
  ),
  ...V("moonshine", { Whiskey: 0.8, "Country Music": 0.15 }),
  ...V("speakeasy|speakeasies|speak easy", { Adventurous: 0.6, Romantic: 0.15, Cozy: 0.15, Whiskey: 0.15 }),

  // ---- Social
  ...V("social|socialize|socialise|socializing|socialising", { Social: 0.9 }),
  ...V("mingle|mingling|meet people|meet new people|meeting people|make friends|making friends", { Social: 1.0 }),
  ...V(
    "great for groups|good for groups|perfect for groups|ideal for groups|great for large groups|good for large groups",
    { Social: 1.2 },
  ),
  ...V(
    "large group|big group|large groups|big groups|large party|big party|group of #num|party of #num|our party|our group|my group|whole group|whole gang",
    { Social: 0.8 },
  ),
  ...V("group|groups", { Social: 0.35 }),
  ...V(
    "with friends|with my friends|with a few friends|with some friends|with your friends|with our friends|friends and i|meet friends|meeting friends|catch up|catching up|get together|get togethers|gathering|gatherings|reunion",
    { Social: 0.8 },
  ),
  ...V("friends", { Social: 0.18 }),
  ...V("good company|great company|company was good|company was great|company was better", { Social: 0.6 }),
  ...V("strangers|everyone chatting|chatting|chat|chatty|chatter", { Social: 0.4 }),
  ...V("communal|communal tables|communal table|shared tables|long tables|family style|sharing plates|shared plates", {
    Social: 0.9,
  }),
  ...V(
    "ladies night|girls night|girls' night|guys night|boys night|girls night out|team dinner|work party|office party|team outing|after work drinks|after work crowd",
    { Social: 0.9, Upbeat: 0.15 },
  ),
  ...V("family", { Social: 0.2, Cozy: 0.1 }),
  ...V("family dinner|family meal|family gathering|family get together", { Social: 0.55, Cozy: 0.1 }),
  ...V("happy hour|happy hours", { Social: 0.7, Upbeat: 0.15 }),
  ...V("trivia|trivia night|quiz night|pub quiz", { Social: 0.8, Upbeat: 0.15, Focused: 0.1 }),
  ...V("board games|board game|game night|games|card games", { Social: 0.6, Chill: 0.15 }),
  ...V("pool table|pool tables|billiards|darts|shuffleboard|foosball|ping pong|cornhole|skee ball|beer pong", {
    Social: 0.6,
    Chill: 0.15,
    Energetic: 0.15,
  }),
  ...V("bowling|bowling alley|to bowl", { Social: 0.65, Energetic: 0.3 }),
  ...V("arcade|arcades", { Energetic: 0.5, Social: 0.5, Adventurous: 0.15 }),
  ...V("bar|bars", { Social: 0.15 }),
  ...V("pub|pubs|tavern|taverns", { Social: 0.3, Cozy: 0.18 }),
  ...V("at the bar|bar area|bar seating|bar scene|bar stools", { Social: 0.4, Energetic: 0.1 }),
  ...V("drinks|beers", { Social: 0.15 }),
  ...V(
    "a couple drinks|a couple of drinks|grab drinks|grab a drink|for drinks|have a drink|have drinks|drinks with|beers with|grab a beer|grab a few beers",
    { Social: 0.5 },
  ),
  ...V("young crowd|college crowd|lively crowd|fun crowd|great crowd|good crowd|friendly crowd|mixed crowd", {
    Social: 0.5,
    Energetic: 0.35,
    Upbeat: 0.15,
  }),
  ...V("community|neighbors|neighbours", { Social: 0.45, Cozy: 0.15 }),

  // ---- Creative
  ...V("creative|creativity|creatively|creatives", { Creative: 1.0 }),
  ...V("art|artwork|artworks|art work|art on the walls|art deco", { Creative: 0.7 }),
  ...V("artist|artists|artsy|arty|artistic|local artists|local artist|local art", { Creative: 0.9 }),
  ...V(
    "gallery|galleries|mural|murals|sculpture|sculptures|installation|installations|exhibit|exhibits|exhibition|exhibitions|graffiti|street art",
    { Creative: 0.95 },
  ),
  ...V("painting|paintings|painted walls|pottery|ceramics|crafts|craft night|knitting|sketching", { Creative: 0.65 }),
  ...V("paint and sip|sip and paint|paint night|paint nights|art class|art classes|pottery class|workshop|workshops", {
    Creative: 1.0,
    Social: 0.15,
  }),
  ...V("poetry|poet|poets|spoken word|poetry slam|poetry night|book reading|readings|storytelling", {
    Creative: 1.0,
    Quiet: 0.1,
  }),
  ...V("open mic|open mike|open mics|open mic night|songwriter|songwriters|singer songwriter|singer songwriters", {
    Creative: 0.9,
    "Live Music": 0.75,
    Social: 0.15,
  }),
  ...V("improv|comedy|stand up|standup|comedian|comedians|comedy night", { Creative: 0.55, Upbeat: 0.45, Social: 0.3 }),
  ...V("drag show|drag brunch|drag queens|drag queen|burlesque|cabaret", {
    Creative: 0.6,
    Upbeat: 0.6,
    Social: 0.3,
    Energetic: 0.3,
  }),
  ...V("imaginative|inventive|eclectic|whimsical|bohemian|boho|avant garde", { Creative: 0.8 }),
  ...V("quirky|trippy|psychedelic|kitschy|kitsch", { Creative: 0.7, Adventurous: 0.15 }),
  ...V("innovative|experimental", { Creative: 0.6, Adventurous: 0.3 }),
  ...V("funky", { Creative: 0.5, Upbeat: 0.3 }, { ctx: "food" }),
  ...V("original|unique|one of a kind", { Creative: 0.3, Adventurous: 0.1 }),
  ...V("hipster|hipsters|indie", { Creative: 0.4, Social: 0.1 }),
  ...V("trendy|hip|stylish|swanky", { Creative: 0.3, Social: 0.15, Energetic: 0.1 }),
  ...V(
    "interesting decor|unique decor|eclectic decor|cool decor|funky decor|quirky decor|artsy decor|creative decor|decor is interesting|decor is unique",
    { Creative: 0.75 },
  ),
  ...V("decor|decorated|decoration|decorations", { Creative: 0.12 }),
  ...V("calligraphy|design|designer", { Creative: 0.3 }),
  ...V("writers|journaling", { Creative: 0.45, Focused: 0.4 }),
  ...V("studio", { Creative: 0.4 }),
  ...V("craft cocktails|mixology|mixologist|mixologists|flair bartending", { Creative: 0.5, Social: 0.15 }),
  ...V("interesting", { Creative: 0.15, Adventurous: 0.15 }),

  // ---- Adventurous
  ...V("adventurous|adventure|adventures|adventurer|adventurers", { Adventurous: 1.0 }),
  ...V("hidden gem|hidden gems|off the beaten path|off the beaten track|not for the faint of heart|faint of heart", {
    Adventurous: 1.1,
  }),
  ...V("neighborhood gem|neighbourhood gem|local gem", { Adventurous: 0.45, Cozy: 0.18 }),
  ...V("gem|gems", { Adventurous: 0.35 }),
  ...V("hole in the wall|hole in the walls", { Adventurous: 0.9, Chill: 0.15 }),
  ...V("off the strip|off strip|off the grid", { Adventurous: 0.6 }),
  ...V("exotic|daring|unusual|unconventional|offbeat|off beat|out of the ordinary", {
    Adventurous: 0.85,
    Creative: 0.15,
  }),
  ...V("bold|brave|dare|dared", { Adventurous: 0.6 }, { ctx: "food" }),
  ...V("thrill|thrills|thrilling|adrenaline", { Adventurous: 0.7, Energetic: 0.4 }),
  ...V("explore|exploring|stumbled upon|stumbled on|stumbled across", { Adventurous: 0.45 }),
  ...V("discover|discovering|venture|venturing|ventured", { Adventurous: 0.18 }),
  ...V(
    "secret|secret door|hidden door|hidden entrance|unmarked|unmarked door|no sign|password|hidden",
    { Adventurous: 0.6, Romantic: 0.1 },
    { ctx: "food" },
  ),
  ...V("tucked away", { Adventurous: 0.35, Cozy: 0.35 }),
  ...V(
    "something new|something different|try new things|new things|first time trying|never tried|tried something new|out of my comfort zone",
    { Adventurous: 0.55 },
  ),
  ...V("tasting menu|chef's tasting|omakase|chef's choice|mystery menu", { Adventurous: 0.6, Romantic: 0.15 }),
  ...V("surprise|surprises|surprising", { Adventurous: 0.25 }),
  ...V(
    "crickets|grasshoppers|chapulines|insects|scorpion|scorpions|snake|rattlesnake|alligator|gator|kangaroo|ostrich|frog legs|balut|durian",
    { Adventurous: 0.9 },
  ),
  ...V("tongue|tripe|offal|sweetbreads|chicken feet|escargot|sea urchin", { Adventurous: 0.5 }),
  ...V("ghost pepper|carolina reaper|spiciest|food challenge|eating challenge", { Adventurous: 0.7, Energetic: 0.15 }),
  ...V(
    "axe throwing|ax throwing|escape room|escape rooms|rock climbing|climbing wall|bouldering|zip line|zipline|go karts|paintball|laser tag",
    { Adventurous: 0.9, Energetic: 0.45, Social: 0.3 },
  ),

  // ---- Focused
  ...V("laptop friendly|laptop-friendly|work friendly|study friendly", { Focused: 1.3, Quiet: 0.3 }),
  ...V("laptop|laptops|macbook", { Focused: 0.9 }),
  ...V("wifi|wi fi|free wifi|fast wifi|good wifi|wireless", { Focused: 0.8 }),
  ...V("internet", { Focused: 0.4 }),
  ...V("outlet|outlets|power outlets|plugs", { Focused: 0.7 }),
  ...V("study|studying|studied|study spot|study session|homework|cram|cramming", { Focused: 1.0, Quiet: 0.3 }),
  ...V("students", { Focused: 0.35, Social: 0.1 }),
  ...V(
    "get work done|get some work done|getting work done|do some work|doing some work|do work|doing work|work remotely|working remotely|remote work|remote working|work from here|working from here|work from",
    { Focused: 1.0, Quiet: 0.15 },
  ),
  ...V("coworking|co working|workspace|work space", { Focused: 1.0, Social: 0.15 }),
  ...V("productive|productivity|concentrate|concentrating|concentration", { Focused: 0.8, Quiet: 0.15 }),
  ...V("focus|focused|focussed", { Focused: 0.45 }),
  ...V("thesis|dissertation|essay|essays|emails|spreadsheet|deadline", { Focused: 0.7 }),
  ...V("meeting|meetings|business meeting|client meeting|zoom call|zoom calls", { Focused: 0.4 }),
  ...V("desk|desks|big tables|large tables|headphones", { Focused: 0.35 }),
  ...V("to read|read a book|reading a book|read my book|good book|books|bookshelves|bookshelf|bookstore", {
    Focused: 0.45,
    Quiet: 0.35,
    Cozy: 0.1,
  }),

  // ---- Emoji
  ...V("🎉|🥳|🎊", { Upbeat: 0.5, Social: 0.35 }),
  ...V("🎶|🎵", { Upbeat: 0.3 }),
  ...V("🎸|🎷|🎺|🎻|🥁|🎤|🪕", { "Live Music": 0.55 }),
  ...V("🥃", { Whiskey: 0.7 }),
  ...V("🤠", { "Country Music": 0.5 }),
  ...V("💃|🕺|🪩", { Energetic: 0.6, Upbeat: 0.4 }),
  ...V("🕯|🌹|🥂", { Romantic: 0.4, Cozy: 0.15 }),
  ...V("😌|🧘", { Relaxed: 0.4, Chill: 0.3 }),
  ...V("📚|💻", { Focused: 0.5 }),
  ...V("🎨", { Creative: 0.6 }),
  ...V("🤫", { Quiet: 0.4 }),
  ...V("🔊|📢", { Loud: 0.5 }),
  ...V("🍻", { Social: 0.5 }),
];

export const NEGATOR_WORDS =
  "not|no|never|cannot|hardly|barely|scarcely|without|nothing|none|nobody|neither|nor|lack|lacks|lacked|lacking|non|zero|isnt|wasnt|arent|werent|dont|doesnt|didnt|cant|couldnt|wont|wouldnt|shouldnt|aint|havent|hasnt|hadnt|nowhere";

export const INTENSIFIERS: ReadonlyArray<[string, number]> = [
  [
    "very|really|super|so|extremely|incredibly|truly|totally|absolutely|completely|thoroughly|utterly|insanely|ridiculously|seriously|highly|ultra|uber|mega|hella|wicked|amazingly|exceptionally|wonderfully|perfectly",
    1.5,
  ],
  ["way too|far too|much too|super duper", 1.5],
  ["too|such|such a|most|damn|crazy|especially|genuinely|deeply|perfect for|ideal for", 1.3],
  ["quite|pretty|great for|definitely|always|good for", 1.15],
  ["a bit|a little|a little bit|slightly|somewhat|a tad|mildly|bit|a touch|touch of|a touch of|marginally", 0.5],
  ["kind of|kinda|sort of|sorta|moderately|semi", 0.6],
  ["fairly|relatively|reasonably", 0.7],
  ["rather|almost|nearly|mostly", 0.8],
];

export const SKIPS =
  "at all|no doubt|no wonder|no matter|no problem|no worries|nothing but|all but|can't wait|cant wait|cannot wait|couldn't wait|not to mention|not bad|no complaints|" +
  "lukewarm|luke warm|warm up|warmed up|warmed over|keep warm|kept warm|warming|" +
  "salad bar|sushi bar|bar food|raw bar|oyster bar|granola bar|candy bar|snack bar|taco bar|juice bar|coffee bar|dessert bar|bar none|bar b q|" +
  "sea bass|striped bass|chilean sea bass|state of the art|up to date|to date|expiration date|due date|" +
  "club sandwich|club sandwiches|join the club|dark meat|dark chocolate|dark roast|full of flavor|full of flavour|full price|in full|" +
  "hot dog|hot dogs|rock shrimp|energy drink|energy drinks|quiet down|this stage|that stage|at this stage|" +
  "outlet mall|dim sum|lazy susan|party in your mouth|party in my mouth|olive garden|in my view|my view|point of view|full bar|full menu|full service|secret sauce";
export const SKIPS_CANCELLING_BUT = "not only|not just|not merely";

export const CONTRASTS =
  "but|however|yet|nevertheless|nonetheless|whereas|that said|having said that|on the other hand|even so|except";
export const CONCESSIVES = "although|though|even though|despite|in spite of|albeit";
export const CONDITIONALS = "if|unless|whether|in case";

/** Words that say the sentence is about the room, so "warm" or "dark" describes the place. */
export const ATMO_CUES = new Set(
  (
    "atmosphere|ambiance|ambience|ambient|vibe|vibes|feel|feeling|feels|mood|lighting|light|lights|lit|decor|decoration|room|rooms|place|spot|venue|" +
    "bar|pub|lounge|cafe|restaurant|space|setting|interior|inside|crowd|music|seating|patio|booth|booths|corner|nook|night|evening|" +
    "dining|building|joint|establishment|terrace|garden|fireplace|fire|welcome|welcomed|hall|club|vibe|environment|surroundings|decorated|atmospheric|" +
    "staff|service|people|everyone|tables|candles|lamps|windows|sun|sunlight|walls"
  ).split("|"),
);

/** Food and drink words: near one, "warm", "packed", "bold" or "bourbon" are about the plate. */
export const FOOD_WORDS = new Set(
  (
    "food|foods|dish|dishes|meal|meals|plate|plates|bowl|cup|mug|glass|beer|beers|wine|bread|soup|coffee|tea|latte|espresso|drink|drinks|water|fries|pizza|burger|burgers|" +
    "sandwich|sandwiches|sauce|sauces|meat|meats|chicken|beef|pork|steak|steaks|fish|salmon|shrimp|seafood|rice|pasta|noodles|salad|salads|chips|wings|bagel|bagels|" +
    "taco|tacos|burrito|burritos|sushi|dessert|desserts|cake|cakes|pie|pies|cookie|cookies|ice|cream|cheese|egg|eggs|pancakes|pancake|waffle|waffles|sides|side|" +
    "appetizer|appetizers|entree|entrees|flavor|flavors|flavour|flavours|taste|tastes|spice|spices|broth|chili|pepper|peppers|mushrooms|tortilla|tortillas|salsa|pho|curry|" +
    "dough|crust|glaze|glazed|marinade|bacon|ham|sausage|butter|oil|veggies|vegetables|potatoes|potato|fruit|chocolate|cocktail|cocktails|stomach|belly|margarita|margaritas|" +
    "sangria|mojito|milkshake|shake|smoothie|juice|soda|syrup|cider|fillet|filet|ribs|brisket|lamb|duck|tuna|oysters|lobster|crab|mussels|clams|toast|muffin|" +
    "biscuits|biscuit|gravy|dressing|vinaigrette|mayo|cake|pastry|pastries|croissant|donut|donuts|bun|buns|portion|portions|" +
    "flavored|flavorful|seasoned|seasoning|bite|bites|snack|snacks|dip|hummus|falafel|naan|dumplings|ramen|udon|pudding|tart|frosting|candy|salmon|trout|cod|halibut"
  ).split("|"),
);

export const NUMBER_WORDS = new Set(
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|dozen|few|couple|several|handful".split(
    "|",
  ),
);
