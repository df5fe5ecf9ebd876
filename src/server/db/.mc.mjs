var __defProp = Object.defineProperty;
var __name = (target, value) => __defProp(target, "name", { value, configurable: true });

// bench/match-catalog.ts
import { execFileSync as execFileSync2 } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";

// src/server/db/changes.ts
import { randomUUID } from "node:crypto";
var CHANGES_CHANNEL = "vibe_changes";
var MAX_CHANGED_IDS = 25e4;
function parseChange(payload) {
  const colon = payload.indexOf(":");
  if (colon <= 0) return null;
  const kind = payload.slice(0, colon);
  const rest = payload.slice(colon + 1);
  if (rest === "*") return { kind, changed: "*" };
  const ids = [];
  for (const part of rest.split(",")) {
    if (!part.includes("..")) {
      if (part) ids.push(part);
      continue;
    }
    const run = /^(\d{1,15})\.\.(\d{1,15})$/.exec(part);
    const first = run ? Number(run[1]) : 1;
    const last = run ? Number(run[2]) : 0;
    if (last < first || ids.length + (last - first + 1) > MAX_CHANGED_IDS) return { kind, changed: "*" };
    for (let id = first; id <= last; id++) ids.push(String(id));
  }
  return { kind, changed: ids };
}
__name(parseChange, "parseChange");
async function createChangeFeed(db2, opts = {}) {
  const handlers = /* @__PURE__ */ new Map();
  const markers = /* @__PURE__ */ new Map();
  const inFlight = /* @__PURE__ */ new Set();
  const deliver = /* @__PURE__ */ __name((kind, changed) => {
    for (const handler of handlers.get(kind) ?? []) {
      try {
        const done = handler(changed);
        if (done) {
          const tracked = done.catch((err) => opts.onError?.(err)).finally(() => inFlight.delete(tracked));
          inFlight.add(tracked);
        }
      } catch (err) {
        opts.onError?.(err);
      }
    }
  }, "deliver");
  const stop = await db2.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (!change) return;
      if (change.kind === "settle" && change.changed !== "*") markers.get(change.changed[0])?.();
      else deliver(change.kind, change.changed);
    },
    () => {
      for (const kind of handlers.keys()) deliver(kind, "*");
      for (const resolve of markers.values()) resolve();
    }
  );
  return {
    on(kind, handler) {
      const set = handlers.get(kind) ?? handlers.set(kind, /* @__PURE__ */ new Set()).get(kind);
      set.add(handler);
      return () => void set.delete(handler);
    },
    async settle() {
      const marker = randomUUID();
      const back = new Promise((resolve) => markers.set(marker, resolve));
      try {
        await db2.query("SELECT pg_notify($1, $2)", [CHANGES_CHANNEL, `settle:${marker}`]);
        await back;
        await Promise.all([...inFlight]);
      } finally {
        markers.delete(marker);
      }
    },
    close: stop
  };
}
__name(createChangeFeed, "createChangeFeed");
function serialRefresher(read, onError) {
  let chain = Promise.resolve();
  let pendingIds = /* @__PURE__ */ new Set();
  let pendingAll = false;
  let scheduled = null;
  const request = /* @__PURE__ */ __name((ids) => {
    if (ids === null) pendingAll = true;
    else for (const id of ids) pendingIds.add(id);
    if (scheduled) return scheduled;
    const run = chain.then(async () => {
      scheduled = null;
      const all = pendingAll;
      const batch = [...pendingIds];
      pendingAll = false;
      pendingIds = /* @__PURE__ */ new Set();
      if (all) await read(null);
      else if (batch.length) await read(batch);
    });
    scheduled = run;
    chain = run.catch((err) => {
      pendingAll = true;
      onError?.(err);
    });
    return run;
  }, "request");
  return {
    request,
    /**
     * For readers: resolves at once while the copy is whole; after a failed read, waits for
     * everything to be read again (and rejects if the database is still away). Rereads of single
     * changes are not waited for: a reader may see a change made on another instance a few
     * milliseconds late, never one this instance made (writers call `request` and wait).
     */
    async ready() {
      if (pendingAll) await (scheduled ?? request(null));
    },
    /** A change from the feed: those ids, or everything (the feed's settle() waits for it). */
    onChange(changed) {
      const ids = changed === "*" ? null : changed.map(Number).filter(Number.isInteger);
      return request(ids).catch(() => {
      });
    }
  };
}
__name(serialRefresher, "serialRefresher");
async function followChanges(changes2, kind, read, onError) {
  const refresher = serialRefresher(read, onError);
  const stop = changes2.on(kind, refresher.onChange);
  try {
    await refresher.request(null);
  } catch (err) {
    stop();
    throw err;
  }
  return { ready: refresher.ready, stop };
}
__name(followChanges, "followChanges");

// src/shared/vocabulary.ts
var PICKER_VIBES = [
  "Chill",
  "Energetic",
  "Romantic",
  "Adventurous",
  "Cozy",
  "Loud",
  "Quiet",
  "Whiskey",
  "Country Music"
];
var PREFERENCE_VIBES = [
  "Chill",
  "Energetic",
  "Romantic",
  "Cozy",
  "Upbeat",
  "Relaxed",
  "Country Music",
  "Live Music",
  "Quiet",
  "Social",
  "Creative",
  "Focused"
];
var ALL_VIBES = Array.from(/* @__PURE__ */ new Set([...PICKER_VIBES, ...PREFERENCE_VIBES]));
var CAPACITY_STATUSES = ["Empty", "Moderate", "Full"];
var NOISE_LEVELS = ["Quiet", "Conversational", "Loud"];
var VENUE_CATEGORIES = ["Bar", "Restaurant", "Cafe", "Club"];
var LIMITS = {
  vibesMin: 1,
  vibesMax: 5,
  passwordMin: 8,
  /** argon2 and bcrypt-style hashers all cap useful input; a bound also stops hash-DoS. */
  passwordMax: 256,
  nameMax: 80,
  emailMax: 254,
  userSearchMin: 2,
  postDialogVenueResults: 5,
  detailsCurrentVibes: 3,
  friendCardVibes: 3,
  broadcastVibes: 3,
  naturalLanguageLimit: 50,
  cardVibeTags: 3,
  /** JSON request bodies larger than this are refused with 413. */
  bodyLimitBytes: 64 * 1024
};
var KM_PER_MILE = 1.60934;
var VENUE_TIME_ZONE = "America/Los_Angeles";
var NIGHT_ENDS_HOUR = 4;
var BROADCAST_FRESH_MIN = 240;
var CONTRADICTORY_VIBES = {
  Loud: ["Quiet", "Chill", "Cozy", "Romantic"],
  Quiet: ["Loud", "Energetic"],
  Energetic: ["Quiet", "Chill"],
  Chill: ["Loud", "Energetic"],
  Cozy: ["Loud"],
  Romantic: ["Loud"]
};
var MAX_EXACT_TOTAL = 1e4;
var MATCH_PAGE_SIZE = 24;
var REVIEWS = {
  ratingMin: 1,
  ratingMax: 5,
  /** Characters of a review's optional text. */
  textMax: 1e3,
  /** Characters of an admin's reason for removing a review. */
  reasonMax: 300,
  /** The source label of a review written on VIBE (providers' reviews carry theirs: "Google"). */
  source: "VIBE",
  /** The author shown when the person's privacy settings keep their name out of their activity. */
  anonymousAuthor: "A VIBE member",
  /** The server's 403 to a guest who rates, and the Reviews tab's prompt to guests. */
  guestRefused: "Create an account to rate places",
  removedLocked: "This review was removed by VIBE and can no longer be changed",
  noReview: "You have not reviewed this venue"
};
var MATCH_SORTS = ["proximity", "rating", "best"];

// src/shared/vibe-tags.ts
function contradicts(a, b) {
  return (CONTRADICTORY_VIBES[a]?.includes(b) ?? false) || (CONTRADICTORY_VIBES[b]?.includes(a) ?? false);
}
__name(contradicts, "contradicts");

// src/server/live/crowd.ts
var BROADCAST_HALF_LIFE_MIN = 90;
var BROADCAST_MAX_AGE_MIN = BROADCAST_FRESH_MIN;
var BROADCAST_WEIGHT = 3;
var CHECKIN_HALF_LIFE_MIN = 45;
var CHECKIN_MAX_AGE_MIN = 180;
var LIVE_VIBE_MIN = 0.25;
var LIVE_VIBES_MAX = 3;
var LIVE_MUSIC = "Live Music";
var minutes = /* @__PURE__ */ __name((now2, then) => Math.max(0, (now2.getTime() - then.getTime()) / 6e4), "minutes");
var decay = /* @__PURE__ */ __name((ageMin, halfLife) => 0.5 ** (ageMin / halfLife), "decay");
function liveVibe(broadcast, checkIns, now2 = /* @__PURE__ */ new Date()) {
  const fresh = broadcast && minutes(now2, broadcast.createdAt) <= BROADCAST_MAX_AGE_MIN ? broadcast : null;
  const recent = checkIns.filter((c) => minutes(now2, c.createdAt) <= CHECKIN_MAX_AGE_MIN);
  if (!fresh && !recent.length) return null;
  const weights = /* @__PURE__ */ new Map();
  let total = 0;
  const add = /* @__PURE__ */ __name((vibes, w) => {
    total += w;
    for (const v of new Set(vibes)) weights.set(v, (weights.get(v) ?? 0) + w);
  }, "add");
  const until = fresh?.liveMusicUntil;
  const announced = !!until && now2.getTime() < until.getTime();
  if (fresh)
    add(
      announced ? [...fresh.currentVibes, LIVE_MUSIC] : fresh.currentVibes,
      BROADCAST_WEIGHT * decay(minutes(now2, fresh.createdAt), BROADCAST_HALF_LIFE_MIN)
    );
  for (const c of recent) add(c.vibes, decay(minutes(now2, c.createdAt), CHECKIN_HALF_LIFE_MIN));
  const scores = /* @__PURE__ */ new Map();
  for (const [v, w] of weights) scores.set(v, Math.round(w / total * 100) / 100);
  const ranked = [...scores].filter(([, s]) => s >= LIVE_VIBE_MIN).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const currentVibes = announced ? [LIVE_MUSIC] : [];
  for (const [v] of ranked) {
    if (currentVibes.length >= LIVE_VIBES_MAX) break;
    if (!currentVibes.some((c) => c === v || contradicts(c, v))) currentVibes.push(v);
  }
  const times = [...fresh ? [fresh.createdAt] : [], ...recent.map((c) => c.createdAt)];
  return {
    scores,
    currentVibes,
    broadcast: fresh,
    liveMusic: announced,
    checkIns: recent.length,
    updatedAt: new Date(Math.max(...times.map((t2) => t2.getTime())))
  };
}
__name(liveVibe, "liveVibe");
function sameLiveVibe(a, b) {
  if (a === b) return true;
  if (!a || !b) return false;
  if (a.broadcast !== b.broadcast || a.liveMusic !== b.liveMusic || a.checkIns !== b.checkIns || a.updatedAt.getTime() !== b.updatedAt.getTime())
    return false;
  if (a.currentVibes.length !== b.currentVibes.length || a.currentVibes.some((v, i) => v !== b.currentVibes[i]))
    return false;
  if (a.scores.size !== b.scores.size) return false;
  for (const [v, score] of a.scores) if (b.scores.get(v) !== score) return false;
  return true;
}
__name(sameLiveVibe, "sameLiveVibe");
function liveFit(staticFit, live, vibes) {
  if (!live || !vibes.length) return staticFit;
  let liveScore = 0;
  for (const v of vibes) liveScore = Math.max(liveScore, live.scores.get(v) ?? 0);
  return Math.round((0.6 * staticFit + 0.4 * liveScore) * 100) / 100;
}
__name(liveFit, "liveFit");
function liveClaims(live, vibes) {
  if (!vibes.includes(LIVE_MUSIC)) return [];
  const ids = [];
  for (const [id, l] of live) if (l.liveMusic) ids.push(id);
  return ids;
}
__name(liveClaims, "liveClaims");
var plural = /* @__PURE__ */ __name((n, one2) => `${n} ${one2}${n === 1 ? "" : "s"}`, "plural");
function presentLatestUpdate(live) {
  const b = live.broadcast;
  const sources = [b ? "the venue" : null, live.checkIns ? plural(live.checkIns, "recent check-in") : null].filter(
    Boolean
  );
  return {
    capacityStatus: b?.capacityStatus ?? null,
    noiseLevel: b?.noiseLevel ?? null,
    isOpen: b?.isOpen ?? null,
    statusMessage: `Live from ${sources.join(" and ")}`,
    specialNotes: b?.specialNotes ?? null,
    currentVibes: live.currentVibes,
    createdAt: live.updatedAt.toISOString(),
    reviewAuthor: null,
    reviewRating: null,
    reviewTime: null
  };
}
__name(presentLatestUpdate, "presentLatestUpdate");

// src/server/live/store.ts
var LIVE_MUSIC_UNTIL_SQL = `((date_trunc('day', (created_at AT TIME ZONE '${VENUE_TIME_ZONE}')
    - make_interval(hours => ${NIGHT_ENDS_HOUR})) + make_interval(days => 1, hours => ${NIGHT_ENDS_HOUR}))
    AT TIME ZONE '${VENUE_TIME_ZONE}')`;
var LIVE_MEMO_MS = 1e3;
async function createLiveStore(db2, changes2, opts = {}) {
  const byVenue = /* @__PURE__ */ new Map();
  const read = /* @__PURE__ */ __name(async (ids) => {
    const now2 = /* @__PURE__ */ new Date();
    const where = ids ? "AND venue_id = ANY($3::int[])" : "";
    const params = /* @__PURE__ */ __name((mins) => ids ? [now2, mins, ids] : [now2, mins], "params");
    const [updates, checkIns] = await Promise.all([
      db2.query(
        `SELECT DISTINCT ON (venue_id) venue_id, capacity_status, noise_level, current_vibes, special_notes, is_open,
          CASE WHEN live_music THEN ${LIVE_MUSIC_UNTIL_SQL} END AS live_music_until, created_at
           FROM venue_updates WHERE created_at > $1::timestamptz - make_interval(mins => $2) ${where}
          ORDER BY venue_id, created_at DESC`,
        params(BROADCAST_MAX_AGE_MIN)
      ),
      db2.query(
        `SELECT venue_id, vibes, created_at FROM posts
          WHERE venue_id IS NOT NULL AND created_at > $1::timestamptz - make_interval(mins => $2) ${where}`,
        params(CHECKIN_MAX_AGE_MIN)
      )
    ]);
    if (ids) for (const id of ids) byVenue.delete(id);
    else byVenue.clear();
    const entry = /* @__PURE__ */ __name((id) => byVenue.get(id) ?? byVenue.set(id, { broadcast: null, checkIns: [], memo: null }).get(id), "entry");
    for (const u of updates) {
      entry(u.venue_id).broadcast = {
        capacityStatus: u.capacity_status,
        noiseLevel: u.noise_level,
        currentVibes: u.current_vibes,
        specialNotes: u.special_notes,
        isOpen: u.is_open,
        liveMusicUntil: u.live_music_until === null ? null : new Date(u.live_music_until),
        createdAt: new Date(u.created_at)
      };
    }
    for (const c of checkIns) entry(c.venue_id).checkIns.push({ vibes: c.vibes, createdAt: new Date(c.created_at) });
  }, "read");
  const { ready, stop } = await followChanges(changes2, "live", read, opts.onError);
  const sweep = setInterval(() => {
    const now2 = Date.now();
    for (const [id, inputs] of byVenue) {
      inputs.checkIns = inputs.checkIns.filter((c) => now2 - c.createdAt.getTime() <= CHECKIN_MAX_AGE_MIN * 6e4);
      if (inputs.broadcast && now2 - inputs.broadcast.createdAt.getTime() > BROADCAST_MAX_AGE_MIN * 6e4)
        inputs.broadcast = null;
      if (!inputs.broadcast && !inputs.checkIns.length) byVenue.delete(id);
    }
  }, 6e4);
  sweep.unref();
  const store = {
    async all(now2 = /* @__PURE__ */ new Date()) {
      await ready();
      return store.vibes([...byVenue.keys()], now2);
    },
    async vibes(venueIds, now2 = /* @__PURE__ */ new Date()) {
      await ready();
      const out = /* @__PURE__ */ new Map();
      const t2 = now2.getTime();
      for (const id of venueIds) {
        const inputs = byVenue.get(id);
        if (!inputs) continue;
        if (!inputs.memo || Math.abs(t2 - inputs.memo.at) >= LIVE_MEMO_MS) {
          const live = liveVibe(inputs.broadcast, inputs.checkIns, now2);
          inputs.memo = { at: t2, live: inputs.memo && sameLiveVibe(inputs.memo.live, live) ? inputs.memo.live : live };
        }
        if (inputs.memo.live) out.set(id, inputs.memo.live);
      }
      return out;
    },
    close() {
      stop();
      clearInterval(sweep);
    }
  };
  return store;
}
__name(createLiveStore, "createLiveStore");

// src/server/db/earth.ts
var EARTH_RADIUS_M = 6378168;

// src/server/venues/catalog-store.ts
function storeRowOf(venue) {
  return [
    venue.id,
    venue.category,
    venue.latitude,
    venue.longitude,
    venue.rating,
    venue.review_count,
    venue.opening_hours,
    venue.detected_vibes,
    venue.vibe_scores,
    venue.likely_vibes,
    venue.source,
    venue.attribution,
    venue.member_rating_sum ?? null,
    venue.member_review_count ?? null,
    [
      venue.external_id,
      venue.name,
      venue.description,
      venue.address,
      venue.image_url,
      venue.phone_number,
      venue.website,
      venue.hours,
      venue.member_rating_sum ?? null,
      venue.member_review_count ?? null
    ]
  ];
}
__name(storeRowOf, "storeRowOf");
var STORE_ROW_SQL = `json_build_array(v.id, v.category, v.latitude, v.longitude, v.rating, v.review_count,
  v.opening_hours, v.detected_vibes, v.vibe_scores, v.likely_vibes, v.source, v.attribution, v.member_rating_sum,
  v.member_review_count, json_build_array(v.external_id, v.name, v.description, v.address, v.image_url,
  v.phone_number, v.website, v.hours, v.member_rating_sum, v.member_review_count))`;
var NO_SCORE = 255;
var NO_SCORE_BYTE = NO_SCORE;
var NULL_INT = -2147483648;
var MAX_SCORE_COLUMNS = 64;
var SCORES_ASIDE = 0;
var DECODED_KEPT = 2e4;
var MAX_VIBE_BITS = 30;
function grown(a, size2, fill) {
  const next = new a.constructor(size2);
  next.set(a);
  if (fill !== void 0) next.fill(fill, a.length);
  return next;
}
__name(grown, "grown");
var Interned = class {
  static {
    __name(this, "Interned");
  }
  values = [];
  index = /* @__PURE__ */ new Map();
  of(key, make) {
    let i = this.index.get(key);
    if (i === void 0) {
      i = this.values.length;
      this.values.push(make());
      this.index.set(key, i);
    }
    return i;
  }
  find(key) {
    return this.index.get(key);
  }
  /** `of` for a value at hand (no function made per call: the load stores a million of them). */
  ofValue(key, value) {
    const i = this.index.get(key);
    return i === void 0 ? this.of(key, () => value) : i;
  }
};
var nullable = /* @__PURE__ */ __name((s) => s === null ? "n" : `s${s}`, "nullable");
var NO_LIKELY = { list: Object.freeze([]), vibes: [], weights: [] };
var quantisable = /* @__PURE__ */ __name((v) => typeof v === "number" && v >= 0 && v <= 1 && Math.round(v * 100) / 100 === v, "quantisable");
var VenueStore = class {
  static {
    __name(this, "VenueStore");
  }
  capacity = 1024;
  /** Slots ever used; freed ones are reused first. */
  top = 0;
  free = [];
  slotOf = /* @__PURE__ */ new Map();
  ids = new Int32Array(this.capacity);
  latitude = new Float64Array(this.capacity);
  longitude = new Float64Array(this.capacity);
  category = new Uint16Array(this.capacity);
  rating = new Float64Array(this.capacity);
  reviews = new Int32Array(this.capacity);
  hours = new Uint32Array(this.capacity);
  vibes = new Uint32Array(this.capacity);
  likely = new Uint32Array(this.capacity);
  keys = new Uint32Array(this.capacity);
  source = new Uint16Array(this.capacity);
  attribution = new Uint32Array(this.capacity);
  textAt = new Uint32Array(this.capacity);
  textLength = new Uint32Array(this.capacity);
  scores = /* @__PURE__ */ new Map();
  /** The same columns in the order their names were first seen (scoreColumns' order). */
  scoreList = [];
  aside = /* @__PURE__ */ new Map();
  text = Buffer.alloc(1 << 20);
  textTop = 0;
  textGarbage = 0;
  categories = new Interned();
  openingHours = new Interned();
  vibeLists = new Interned();
  likelyLists = new Interned();
  keyLists = new Interned();
  sources = new Interned();
  attributions = new Interned();
  /** Bit numbers of vibe names (this store's own: a store read afresh gives them out again). */
  vibeBits = /* @__PURE__ */ new Map();
  decoded = /* @__PURE__ */ new Map();
  /**
   * The slots in the order they were decoded, a ring of DECODED_KEPT: the oldest is dropped from
   * `decoded` when the next is kept. Not the Map's own first key: a Map leaves its deleted entries in
   * place until it is rebuilt, and keys().next() walks over every one of them (tens of microseconds a
   * venue once thousands had gone). A slot decoded again after a change is in the ring twice, and
   * dropped when the older comes round: early, never wrong.
   */
  decodedOrder = new Int32Array(DECODED_KEPT).fill(-1);
  decodedNext = 0;
  /** VIBE members' rating sum and count by slot, for the few venues that have any (a ranking by rating reads it). */
  memberRatings = /* @__PURE__ */ new Map();
  constructor() {
    this.keyLists.of("\0aside", () => []);
    this.likelyLists.of("[]", () => NO_LIKELY);
  }
  get size() {
    return this.slotOf.size;
  }
  /** Stores a venue (replacing one of the same id); answers its slot. */
  put(venue) {
    return this.putRow(storeRowOf(venue));
  }
  /**
   * Stores a venue given as a row of the catalog's load (STORE_ROW_SQL: its fields in order, the
   * text already as JSON); answers its slot. No object is made for the venue.
   */
  putRow(row) {
    const [
      id,
      category2,
      latitude2,
      longitude2,
      rating2,
      reviewCount,
      openingHours,
      detectedVibes,
      scores,
      likelyVibes2,
      source,
      attribution,
      memberSum,
      memberCount,
      text
    ] = row;
    const json = typeof text === "string" ? text : JSON.stringify(text);
    this.delete(id);
    const slot = this.free.pop() ?? this.top++;
    if (slot >= this.capacity) this.grow();
    this.slotOf.set(id, slot);
    this.ids[slot] = id;
    this.latitude[slot] = latitude2;
    this.longitude[slot] = longitude2;
    this.category[slot] = this.categories.ofValue(category2, category2);
    this.rating[slot] = rating2 ?? Number.NaN;
    this.reviews[slot] = reviewCount ?? NULL_INT;
    this.hours[slot] = this.openingHours.ofValue(nullable(openingHours), openingHours);
    const detected = detectedVibes ?? [];
    const vibesKey = detected.join("\0");
    this.vibes[slot] = this.vibeLists.find(vibesKey) ?? this.vibeLists.of(vibesKey, () => ({ vibes: Object.freeze(detected.slice()), mask: this.maskOf(detected) }));
    const likely = likelyVibes2 ?? [];
    this.likely[slot] = likely.length ? this.likelyLists.of(JSON.stringify(likely), () => ({
      list: Object.freeze(
        likely.map((l) => Object.freeze({ ...l, reasons: Object.freeze([...l.reasons]) }))
      ),
      vibes: likely.map((l) => l.vibe),
      weights: likely.map((l) => l.weight)
    })) : 0;
    this.source[slot] = this.sources.ofValue(source, source);
    this.attribution[slot] = this.attributions.ofValue(attribution, attribution);
    this.putScores(slot, scores);
    const count = Number(memberCount ?? 0);
    if (count > 0) this.memberRatings.set(slot, { sum: Number(memberSum ?? 0), count });
    const length = Buffer.byteLength(json);
    if (this.textTop + length > this.text.length) this.makeRoom(length);
    this.text.write(json, this.textTop, "utf8");
    this.textAt[slot] = this.textTop;
    this.textLength[slot] = length;
    this.textTop += length;
    return slot;
  }
  /** Forgets the venue of this id, if held; answers its slot (or undefined). */
  delete(id) {
    const slot = this.slotOf.get(id);
    if (slot === void 0) return void 0;
    this.slotOf.delete(id);
    this.textGarbage += this.textLength[slot];
    this.aside.delete(slot);
    this.decoded.delete(slot);
    this.memberRatings.delete(slot);
    this.free.push(slot);
    return slot;
  }
  /** The venue of a slot as the catalog answers it. */
  venue(slot) {
    const kept = this.decoded.get(slot);
    if (kept) return kept;
    const at = this.textAt[slot];
    const [
      external_id,
      name,
      description,
      address,
      image_url,
      phone_number,
      website,
      hours2,
      member_rating_sum,
      member_review_count
    ] = JSON.parse(this.text.toString("utf8", at, at + this.textLength[slot]));
    const venue = {
      id: this.ids[slot],
      external_id,
      name,
      category: this.categories.values[this.category[slot]],
      description,
      address,
      latitude: this.latitude[slot],
      longitude: this.longitude[slot],
      image_url,
      rating: this.ratingOf(slot),
      review_count: this.reviewCountOf(slot),
      phone_number,
      website,
      hours: hours2,
      opening_hours: this.openingHours.values[this.hours[slot]],
      detected_vibes: this.vibeLists.values[this.vibes[slot]].vibes,
      vibe_scores: this.scoresOf(slot),
      likely_vibes: this.likelyLists.values[this.likely[slot]].list,
      source: this.sources.values[this.source[slot]],
      attribution: this.attributions.values[this.attribution[slot]],
      // VIBE members' ratings (reviews): as read, when the row had them
      ...member_rating_sum !== null && { member_rating_sum },
      ...member_review_count !== null && { member_review_count }
    };
    const oldest = this.decodedOrder[this.decodedNext];
    if (oldest >= 0) this.decoded.delete(oldest);
    this.decodedOrder[this.decodedNext] = slot;
    this.decodedNext = (this.decodedNext + 1) % DECODED_KEPT;
    this.decoded.set(slot, venue);
    return venue;
  }
  ratingOf(slot) {
    const r = this.rating[slot];
    return Number.isNaN(r) ? null : r;
  }
  /** VIBE members' ratings of the venue (sum and count), or null when it has none. */
  memberRatingOf(slot) {
    return this.memberRatings.get(slot) ?? null;
  }
  reviewCountOf(slot) {
    const n = this.reviews[slot];
    return n === NULL_INT ? null : n;
  }
  detectedVibesOf(slot) {
    return this.vibeLists.values[this.vibes[slot]].vibes;
  }
  /** One bit per detected vibe; -1 when a vibe has no bit and names must be compared. */
  vibeMaskOf(slot) {
    return this.vibeLists.values[this.vibes[slot]].mask;
  }
  /**
   * The heaviest weight among the venue's likely vibes that are in `vibes` (vibes/likely.ts), or 0
   * when none of them is likely for it.
   */
  /** Whether the venue has any likely vibe (vibes/likely.ts). */
  hasLikely(slot) {
    return this.likely[slot] !== 0;
  }
  likelyWeightOf(slot, vibes) {
    const l = this.likelyLists.values[this.likely[slot]];
    let best = 0;
    for (let i = 0; i < l.vibes.length; i++) if (l.weights[i] > best && vibes.includes(l.vibes[i])) best = l.weights[i];
    return best;
  }
  openingHoursOf(slot) {
    return this.openingHours.values[this.hours[slot]];
  }
  /**
   * The score columns: per vibe name, a byte per slot (hundredths 0..100; NO_SCORE_BYTE for none).
   * A venue whose scores are kept aside (`scoresAside`) has no byte of its own in them.
   */
  scoreColumns() {
    return this.scores;
  }
  /** The k-th of scoreColumns(), in its order. */
  scoreColumn(k) {
    return this.scoreList[k];
  }
  /** Whether the venue's scores are kept aside, as they are (not whole hundredths, or none at all). */
  scoresAside(slot) {
    return this.keys[slot] === SCORES_ASIDE;
  }
  /** The venue's stored score for a vibe, or undefined when it has none. */
  scoreOf(slot, vibe) {
    if (this.keys[slot] === SCORES_ASIDE) {
      const scores = this.aside.get(slot);
      return scores ? scores[vibe] : void 0;
    }
    const column = this.scores.get(vibe);
    if (column === void 0) return void 0;
    const code = column[slot];
    return code === NO_SCORE ? void 0 : code / 100;
  }
  scoresOf(slot) {
    const k = this.keys[slot];
    if (k === SCORES_ASIDE) {
      const scores = this.aside.get(slot) ?? null;
      return scores && { ...scores };
    }
    const out = {};
    for (const name of this.keyLists.values[k]) out[name] = this.scores.get(name)[slot] / 100;
    return out;
  }
  putScores(slot, scores) {
    for (const column of this.scoreList) column[slot] = NO_SCORE;
    const names = scores ? Object.keys(scores) : null;
    let fits = names !== null;
    for (let i = 0; fits && i < names.length; i++) {
      const n = names[i];
      fits = quantisable(scores[n]) && (this.scores.has(n) || this.scores.size < MAX_SCORE_COLUMNS);
    }
    if (!fits) {
      this.keys[slot] = SCORES_ASIDE;
      this.aside.set(slot, scores ? { ...scores } : null);
      return;
    }
    const key = names.join("\0");
    this.keys[slot] = this.keyLists.find(key) ?? this.keyLists.of(key, () => Object.freeze(names.slice()));
    for (const name of names) {
      let column = this.scores.get(name);
      if (column === void 0) {
        this.scores.set(name, column = new Uint8Array(this.capacity).fill(NO_SCORE));
        this.scoreList.push(column);
      }
      column[slot] = Math.round(scores[name] * 100);
    }
  }
  maskOf(vibes) {
    let mask = 0;
    for (const v of vibes) {
      let bit = this.vibeBits.get(v);
      if (bit === void 0 && this.vibeBits.size < MAX_VIBE_BITS) this.vibeBits.set(v, bit = this.vibeBits.size);
      if (bit === void 0) return -1;
      mask |= 1 << bit;
    }
    return mask;
  }
  grow() {
    const size2 = this.capacity * 2;
    this.ids = grown(this.ids, size2);
    this.latitude = grown(this.latitude, size2);
    this.longitude = grown(this.longitude, size2);
    this.category = grown(this.category, size2);
    this.rating = grown(this.rating, size2);
    this.reviews = grown(this.reviews, size2);
    this.hours = grown(this.hours, size2);
    this.vibes = grown(this.vibes, size2);
    this.likely = grown(this.likely, size2);
    this.keys = grown(this.keys, size2);
    this.source = grown(this.source, size2);
    this.attribution = grown(this.attribution, size2);
    this.textAt = grown(this.textAt, size2);
    this.textLength = grown(this.textLength, size2);
    for (const [name, column] of this.scores) this.scores.set(name, grown(column, size2, NO_SCORE));
    this.scoreList = [...this.scores.values()];
    this.capacity = size2;
  }
  /** Room for `length` more bytes of text: the live text copied together, in a larger buffer if need be. */
  makeRoom(length) {
    const live = this.textTop - this.textGarbage;
    let size2 = this.text.length;
    while (live + length > size2 / 2) size2 *= 2;
    const next = Buffer.alloc(size2);
    let top = 0;
    for (const slot of this.slotOf.values()) {
      const at = this.textAt[slot];
      const n = this.textLength[slot];
      this.text.copy(next, top, at, at + n);
      this.textAt[slot] = top;
      top += n;
    }
    this.text = next;
    this.textTop = top;
    this.textGarbage = 0;
  }
};

// src/server/venues/hours.ts
import opening_hours from "opening_hours";
var NOMINATIM = { lat: 37.7749, lon: -122.4194, address: { country_code: "us", state: "California" } };
var SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
var DAY_MS = 864e5;
var wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: VENUE_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric"
});
function wallDate(instant) {
  const f = {};
  for (const p of wallFormat.formatToParts(instant)) if (p.type !== "literal") f[p.type] = Number(p.value);
  return new Date(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
}
__name(wallDate, "wallDate");
var parsed = /* @__PURE__ */ new Map();
var PARSED_MAX = 2e4;
function parseOpeningHours(value) {
  const v = value?.trim();
  if (!v) return null;
  let oh = parsed.get(v);
  if (oh === void 0) {
    try {
      oh = spillKept(new opening_hours(v, NOMINATIM), v);
    } catch {
      oh = null;
    }
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(v, oh);
  }
  return oh;
}
__name(parseOpeningHours, "parseOpeningHours");
var SPILL_CUT = "additional_rule_separator_not_used_after_time_wrapping_midnight";
var REFERENCE_MONDAY = new Date(2026, 0, 5);
function spillKept(oh, value) {
  const cuts = oh.getStructuredWarnings().filter((w) => w.type === SPILL_CUT && w.position !== null);
  if (!cuts.length) return oh;
  const chars = [...value];
  for (const w of cuts) {
    const at = value.lastIndexOf(";", (w.position ?? 0) - 1);
    if (at > 0) chars[at] = ",";
  }
  let fixed;
  try {
    fixed = new opening_hours(chars.join(""), NOMINATIM);
  } catch {
    return oh;
  }
  for (let d = 0; d < 7; d++) {
    const from = addDays(REFERENCE_MONDAY, d);
    const day = [new Date(from.getTime() + 6 * 36e5), addDays(REFERENCE_MONDAY, d + 1)];
    const a = oh.getOpenIntervals(...day).map(([f, t2]) => `${f.getTime()}-${t2.getTime()}`);
    const b = fixed.getOpenIntervals(...day).map(([f, t2]) => `${f.getTime()}-${t2.getTime()}`);
    if (a.join() !== b.join()) return oh;
  }
  return fixed;
}
__name(spillKept, "spillKept");
function clockText(wall) {
  const h = wall.getHours();
  const m = wall.getMinutes();
  if (m === 0 && h === 0) return "midnight";
  if (m === 0 && h === 12) return "noon";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "AM" : "PM"}`;
}
__name(clockText, "clockText");
var dayStart = /* @__PURE__ */ __name((wall) => new Date(wall.getFullYear(), wall.getMonth(), wall.getDate()), "dayStart");
var addDays = /* @__PURE__ */ __name((wall, n) => new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + n), "addDays");
function changeText(now2, at) {
  const days = Math.round((dayStart(at).getTime() - dayStart(now2).getTime()) / DAY_MS);
  if (days === 0 || days === 1 && at.getHours() < 6 && now2.getHours() >= 12) return clockText(at);
  if (days === 1) return `tomorrow ${clockText(at)}`;
  return `${SHORT_DAYS[at.getDay()]} ${clockText(at)}`;
}
__name(changeText, "changeText");
var OPENS_SOON_MINUTES = 60;
function openTier(value, now2) {
  const s = openStatus(value, now2);
  return s === null ? 1 : s.open || s.soon ? 0 : 2;
}
__name(openTier, "openTier");
var HORIZON_DAYS = 8;
var statuses = /* @__PURE__ */ new Map();
var statusMinute = Number.NaN;
function openStatus(value, now2) {
  if (!value) return null;
  const minute = Math.floor(now2.getTime() / 6e4);
  if (minute !== statusMinute || statuses.size > PARSED_MAX) {
    statuses.clear();
    statusMinute = minute;
  }
  let status = statuses.get(value);
  if (status === void 0) statuses.set(value, status = computeStatus(value, new Date(minute * 6e4)));
  return status;
}
__name(openStatus, "openStatus");
function computeStatus(value, now2) {
  const oh = parseOpeningHours(value);
  if (!oh) return null;
  const wall = wallDate(now2);
  try {
    if (oh.getUnknown(wall)) return null;
    const open = oh.getState(wall);
    const next = oh.getNextChange(wall, addDays(wall, HORIZON_DAYS));
    if (open) return { open, text: next ? `Open now \xB7 closes ${changeText(wall, next)}` : "Open 24 hours" };
    if (!next) return { open, text: "Closed" };
    const text = `Closed \xB7 opens ${changeText(wall, next)}`;
    return next.getTime() - wall.getTime() <= OPENS_SOON_MINUTES * 6e4 ? { open, text, soon: true } : { open, text };
  } catch {
    return null;
  }
}
__name(computeStatus, "computeStatus");
var isOpenAt = /* @__PURE__ */ __name((value, now2) => openStatus(value, now2)?.open === true, "isOpenAt");
function isOpenLate(value, now2) {
  if (!value) return false;
  const minute = Math.floor(now2.getTime() / 6e4);
  if (minute !== lateMinute || lates.size > PARSED_MAX) {
    lates.clear();
    lateMinute = minute;
  }
  let late = lates.get(value);
  if (late === void 0) lates.set(value, late = computeLate(value, now2));
  return late;
}
__name(isOpenLate, "isOpenLate");
var lates = /* @__PURE__ */ new Map();
var lateMinute = Number.NaN;
function computeLate(value, now2) {
  const oh = parseOpeningHours(value);
  if (!oh) return false;
  const wall = wallDate(now2);
  const midnight = wall.getHours() < 4 ? dayStart(wall) : addDays(wall, 1);
  try {
    const late = oh.getOpenIntervals(midnight, new Date(midnight.getTime() + 4 * 36e5));
    return late.some(([, , unknown]) => !unknown);
  } catch {
    return false;
  }
}
__name(computeLate, "computeLate");

// src/server/venues/ratings.ts
var round1 = /* @__PURE__ */ __name((n) => Math.round(n * 10) / 10, "round1");
function venueRating(provider, member) {
  const parts = [];
  const p = provider && typeof provider.rating === "number" && Number.isFinite(provider.rating) ? {
    source: provider.source,
    rating: provider.rating,
    reviewCount: typeof provider.reviewCount === "number" && provider.reviewCount >= 0 ? provider.reviewCount : null
  } : null;
  if (p) parts.push({ source: p.source, rating: round1(p.rating), reviewCount: p.reviewCount });
  const m = member.count > 0 ? { sum: member.sum, count: member.count } : null;
  if (m) parts.push({ source: REVIEWS.source, rating: round1(m.sum / m.count), reviewCount: m.count });
  if (p && m && p.reviewCount !== null) {
    const count = p.reviewCount + m.count;
    return {
      rating: round1((p.rating * p.reviewCount + m.sum) / count),
      reviewCount: count,
      ratingSource: `${p.source} + ${REVIEWS.source}`,
      parts
    };
  }
  if (p) return { rating: p.rating, reviewCount: p.reviewCount, ratingSource: p.source, parts };
  if (m) return { rating: round1(m.sum / m.count), reviewCount: m.count, ratingSource: REVIEWS.source, parts };
  return { rating: null, reviewCount: null, ratingSource: null, parts };
}
__name(venueRating, "venueRating");

// src/shared/contracts/venues.ts
import { z as z3 } from "zod";

// src/shared/contracts/common.ts
import { z } from "zod";

// src/shared/text.ts
var UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
var UNSAFE_OR_BREAK = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
function cleanText(text, opts = {}) {
  if (!opts.multiline) return text.replace(/[\t\n\r]/g, " ").replace(UNSAFE_OR_BREAK, "");
  return text.replace(/\r\n?/g, "\n").replace(UNSAFE, "");
}
__name(cleanText, "cleanText");

// src/shared/contracts/common.ts
var errorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional()
});
var messageSchema = z.object({ message: z.string() });
var noInput = z.object({});
var DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
function readDecimal(value) {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return void 0;
  return DECIMAL_TEXT.test(text) ? Number(text) : value;
}
__name(readDecimal, "readDecimal");
var decimal = /* @__PURE__ */ __name((schema) => z.preprocess(readDecimal, schema), "decimal");
var cleaned = /* @__PURE__ */ __name((schema, opts = {}) => z.preprocess((v) => typeof v === "string" ? cleanText(v, opts) : v, schema), "cleaned");

// src/shared/contracts/reviews.ts
import { z as z2 } from "zod";
var rating = z2.number({ error: "rating must be a whole number from 1 to 5" }).int("rating must be a whole number from 1 to 5").min(REVIEWS.ratingMin, "rating must be a whole number from 1 to 5").max(REVIEWS.ratingMax, "rating must be a whole number from 1 to 5");
var reviewBody = z2.object({
  rating,
  text: cleaned(
    z2.string({ error: "Review must be text" }).max(REVIEWS.textMax, `Review can be at most ${REVIEWS.textMax} characters`).nullish().transform((v) => v?.trim() ?? ""),
    { multiline: true }
  )
});
var checkInRating = rating.nullish().transform((v) => v ?? null);
var removeReviewBody = z2.object({
  reason: cleaned(
    z2.string({ error: "Say why the review is removed" }).max(REVIEWS.reasonMax, `The reason can be at most ${REVIEWS.reasonMax} characters`).transform((v) => v.trim()).refine((v) => v.length > 0, "Say why the review is removed")
  )
});
var reviewIdParam = z2.object({
  id: decimal(
    z2.number({ error: "Review id must be a number" }).int("Review id must be a whole number").positive("Review id must be a whole number")
  )
});
var reviewItemSchema = z2.object({
  author: z2.string(),
  rating: z2.number().nullable(),
  text: z2.string(),
  time: z2.string().nullable(),
  source: z2.string(),
  id: z2.number().nullable(),
  /** The caller wrote it. */
  mine: z2.boolean()
});
var ratingPartSchema = z2.object({
  source: z2.string(),
  rating: z2.number(),
  reviewCount: z2.number().nullable()
});
var myReviewSchema = z2.object({
  id: z2.number(),
  rating: z2.number(),
  text: z2.string(),
  createdAt: z2.string(),
  updatedAt: z2.string(),
  removed: z2.object({ reason: z2.string(), at: z2.string() }).nullable()
});
var venueReviewsSchema = z2.object({
  /** Newest first, VIBE's and the provider's together, each with its source. */
  reviews: z2.array(reviewItemSchema),
  /** Each source's rating: the venue's `rating` is made of these (see venueSchema.rating). */
  ratings: z2.array(ratingPartSchema),
  /** The venue's rating as its Venue says it now (venueSchema.rating, reviewCount, ratingSource). */
  rating: z2.object({
    rating: z2.number().nullable(),
    reviewCount: z2.number().nullable(),
    ratingSource: z2.string().nullable()
  }),
  /** The caller's review (null for no review, or no signed-in caller). */
  mine: myReviewSchema.nullable()
});
var removedReviewSchema = z2.object({ id: z2.number(), removed: z2.literal(true) });
var deletedReviewSchema = z2.object({ deleted: z2.literal(true) });

// src/shared/contracts/venues.ts
var MAX_RADIUS_KM = 200;
var MAX_VENUE_RESULTS = 100;
var MAX_SEARCH_LENGTH = 100;
var MAX_VENUE_OFFSET = 1e4;
var num = /* @__PURE__ */ __name((name, min, max) => decimal(
  z3.number({ error: `${name} must be a number` }).refine((v) => v >= min && v <= max, `${name} must be between ${min} and ${max}`)
), "num");
var latitude = num("latitude", -90, 90);
var longitude = num("longitude", -180, 180);
var radiusKm = decimal(
  z3.number({ error: "radius must be a number" }).refine((v) => v > 0 && v <= MAX_RADIUS_KM, `radius must be more than 0 and at most ${MAX_RADIUS_KM} km`)
);
var vibesParam = z3.string({ error: "vibes is required (a comma list of vibes, or all)" }).trim().transform((v, ctx) => {
  if (v.toLowerCase() === "all") return "all";
  const list = [
    ...new Set(
      v.split(",").map((s) => s.trim()).filter(Boolean)
    )
  ];
  if (list.length < LIMITS.vibesMin || list.length > LIMITS.vibesMax) {
    ctx.addIssue({
      code: "custom",
      message: `Choose between ${LIMITS.vibesMin} and ${LIMITS.vibesMax} vibes, or all`
    });
    return z3.NEVER;
  }
  const unknown = list.find((x) => !ALL_VIBES.includes(x));
  if (unknown) {
    ctx.addIssue({ code: "custom", message: `Unknown vibe: ${unknown.slice(0, 40)}` });
    return z3.NEVER;
  }
  return list;
});
var search = cleaned(
  z3.string().trim().max(MAX_SEARCH_LENGTH, `search can be at most ${MAX_SEARCH_LENGTH} characters`).optional().transform((v) => v || void 0)
);
var category = z3.string().trim().optional().transform((v) => !v || v.toLowerCase() === "all" ? void 0 : v).refine(
  (v) => v === void 0 || VENUE_CATEGORIES.includes(v),
  "category must be one of Bar, Restaurant, Cafe, Club or all"
);
var openNow = z3.preprocess(
  (v) => typeof v === "string" ? v.trim().toLowerCase() : v,
  z3.enum(["true", "false", "1", "0", ""], { error: "openNow must be true or false" }).optional()
).transform((v) => v === "true" || v === "1");
var matchSort = z3.preprocess(
  (v) => typeof v === "string" ? v.trim().toLowerCase() || void 0 : v,
  z3.enum(MATCH_SORTS, { error: `sort must be one of ${MATCH_SORTS.join(", ")}` }).optional()
).transform((v) => v ?? "proximity");
var offset = decimal(
  z3.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be at least 0").max(MAX_VENUE_OFFSET, `offset can be at most ${MAX_VENUE_OFFSET}`)
).default(0);
var pageLimit = /* @__PURE__ */ __name((fallback) => decimal(
  z3.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(MAX_VENUE_RESULTS, `limit can be at most ${MAX_VENUE_RESULTS}`)
).default(fallback), "pageLimit");
var matchQuery = z3.object({
  latitude,
  longitude,
  radius: radiusKm,
  vibes: vibesParam,
  search,
  category,
  openNow,
  sort: matchSort,
  offset,
  limit: pageLimit(MAX_VENUE_RESULTS)
});
var nearbyQuery = z3.object({
  lat: latitude.optional(),
  lng: longitude.optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  radius: radiusKm.default(5),
  limit: pageLimit(20),
  offset,
  hour: decimal(
    z3.number({ error: "hour must be a number" }).int("hour must be a whole number").min(0, "hour must be between 0 and 23").max(23, "hour must be between 0 and 23")
  ).optional(),
  search
}).transform((q, ctx) => {
  const lat = q.latitude ?? q.lat;
  const lng = q.longitude ?? q.lng;
  if (lat === void 0 || lng === void 0) {
    ctx.addIssue({ code: "custom", message: "latitude and longitude are required" });
    return z3.NEVER;
  }
  return {
    latitude: lat,
    longitude: lng,
    radius: q.radius,
    limit: q.limit,
    offset: q.offset,
    hour: q.hour,
    search: q.search
  };
});
var positionQuery = z3.object({ latitude: latitude.optional(), longitude: longitude.optional() });
var externalIdParam = z3.object({
  externalId: z3.string().trim().min(1, "Unknown venue").max(200, "Unknown venue").refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Unknown venue")
});
var venueIdParam = z3.object({
  id: decimal(
    z3.number({ error: "Venue id must be a number" }).int("Venue id must be a whole number").positive("Venue id must be a whole number")
  )
});
var saveVibesBody = z3.object({
  vibes: z3.array(z3.string({ error: "Each vibe must be text" }), { error: "vibes must be a list" }).min(LIMITS.vibesMin, "Select at least one vibe").max(LIMITS.vibesMax, `Select at most ${LIMITS.vibesMax} vibes`).refine((l) => l.every((v) => ALL_VIBES.includes(v)), "Unknown vibe").transform((l) => [...new Set(l)]),
  isPrivate: z3.boolean({ error: "isPrivate must be true or false" }).default(true)
});
var latestUpdateSchema = z3.object({
  capacityStatus: z3.enum(CAPACITY_STATUSES).nullable(),
  noiseLevel: z3.enum(NOISE_LEVELS).nullable(),
  isOpen: z3.boolean().nullable(),
  statusMessage: z3.string().nullable(),
  specialNotes: z3.string().nullable(),
  currentVibes: z3.array(z3.string()),
  createdAt: z3.string(),
  reviewAuthor: z3.string().nullable(),
  reviewRating: z3.number().nullable(),
  reviewTime: z3.string().nullable()
});
var openStatusSchema = z3.object({
  open: z3.boolean(),
  /** "Open now · closes 2 AM", "Closed · opens 5 PM", "Open 24 hours". */
  text: z3.string(),
  /** Closed now and opening within the hour: a match lists it with the open ones (issue 25). */
  soon: z3.literal(true).optional()
});
var venueSchema = z3.object({
  id: z3.number(),
  externalId: z3.string(),
  name: z3.string(),
  category: z3.enum(VENUE_CATEGORIES),
  description: z3.string().nullable(),
  address: z3.string().nullable(),
  latitude: z3.number(),
  longitude: z3.number(),
  imageUrl: z3.string().nullable(),
  /**
   * 0..5 from real ratings only; null when nobody rated the venue. Never the spec's FALLBACKS.rating.
   * VIBE's people's ratings (mean of their 1-5 stars) and a provider's (Google's mean) combine
   * weighted by their counts: (g × gCount + vibeSum) / (gCount + vibeCount), one decimal, and
   * `ratingSource` then names both ("Google + VIBE"). When the provider gives no count they cannot
   * be weighed: the provider's rating stands alone and VIBE's is listed beside it in the details'
   * `ratings`. docs/reviews.md.
   */
  rating: z3.number().nullable(),
  /** How many ratings `rating` is made of (null when its provider does not say). */
  reviewCount: z3.number().nullable(),
  /**
   * Who gave `rating` and `reviewCount` ("Google", "VIBE", "Google + VIBE"), or null when the venue has no real rating:
   * the client then says "No ratings yet" in plain sight and never shows the spec's fallbacks
   * (FALLBACKS: 4.8, 142 reviews, 0.8 mi) as if they were figures.
   */
  ratingSource: z3.string().nullable(),
  /** Miles from the caller, as a string ("0.8"); null when the caller's position is unknown. */
  distance: z3.string().nullable(),
  phoneNumber: z3.string().nullable(),
  website: z3.string().nullable(),
  detectedVibes: z3.array(z3.string()),
  vibeScores: z3.record(z3.string(), z3.number()),
  latestUpdate: latestUpdateSchema.nullable(),
  isFavorite: z3.boolean(),
  /** 0..1: how well the venue fits the requested vibes (null when no vibes were asked for). */
  matchScore: z3.number().nullable(),
  openStatus: openStatusSchema.nullable(),
  source: z3.string(),
  attribution: z3.string(),
  /**
   * In a match: the venue is not confirmed for any vibe asked for, but its facts make this one likely
   * (docs/vibe-analysis.md, "Likely vibes"): "Likely Romantic — not confirmed yet", because of
   * `reasons` ("wine bar", "cocktails"). Its matchScore is then null. Absent on confirmed venues.
   */
  likely: z3.object({ vibe: z3.string(), reasons: z3.array(z3.string()) }).optional()
});
var venueDetailsSchema = z3.object({
  description: z3.string().nullable(),
  address: z3.string().nullable(),
  /** The week, Monday first ("Monday: 5 PM – 2 AM"), when the hours are known. */
  hours: z3.array(z3.string()),
  openStatus: openStatusSchema.nullable(),
  /** Facts OpenStreetMap states: "Wheelchair accessible", "Outdoor seating", "Vegan options"... */
  features: z3.array(z3.string()),
  /**
   * The San Francisco Entertainment Commission's permits the venue holds, in words, one per type:
   * "Licensed for live entertainment — SF Entertainment Commission" (docs/seed-data.md).
   */
  permits: z3.array(z3.string()),
  phone: z3.string().nullable(),
  website: z3.string().nullable(),
  /** VIBE's people's and the provider's reviews, newest first, each with its `source` (contracts/reviews.ts). */
  reviews: z3.array(reviewItemSchema),
  /** Each source's own rating and count, the parts of the venue's `rating`. */
  ratings: z3.array(ratingPartSchema),
  photos: z3.array(z3.object({ url: z3.string(), attribution: z3.string().nullable() })),
  attribution: z3.string(),
  /** Why each vibe was given, strongest reason first ("why this vibe"). */
  vibeEvidence: z3.record(z3.string(), z3.array(z3.object({ source: z3.string(), detail: z3.string() })))
});
var favoriteToggleSchema = z3.object({ favorited: z3.boolean() });
var currentVibesSchema = z3.object({ vibes: z3.array(z3.string()) });
var venueListSchema = z3.array(venueSchema);
var savedVibesSchema = z3.object({ vibes: z3.array(z3.string()), isPrivate: z3.boolean() });
var proxyImageQuery = z3.object({
  url: z3.string({ error: /* @__PURE__ */ __name((issue) => issue.input === void 0 ? "url is required" : "url must be a single value", "error") }).trim().min(1, "url is required").max(2048, "url can be at most 2048 characters")
});

// src/server/venues/catalog.ts
function shownRating(v) {
  const provider = v.rating === null ? null : { source: "provider", rating: v.rating, reviewCount: v.review_count };
  return venueRating(provider, v.memberRating ?? { sum: 0, count: 0 }).rating;
}
__name(shownRating, "shownRating");
var SCAN_BELOW = 4e3;
var CELL_DEG = 0.05;
var LON_CELLS = Math.round(360 / CELL_DEG);
var SUB = 8;
var SUB_DEG = CELL_DEG / SUB;
function chordToBox(p, g, x, y, z4) {
  const b = p.boxes;
  const o = 6 * g;
  const dx = Math.max(b[o] - x, 0, x - b[o + 1]);
  const dy = Math.max(b[o + 2] - y, 0, y - b[o + 3]);
  const dz = Math.max(b[o + 4] - z4, 0, z4 - b[o + 5]);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}
__name(chordToBox, "chordToBox");
function farChordToBox(p, g, x, y, z4) {
  const b = p.boxes;
  const o = 6 * g;
  const dx = Math.max(Math.abs(b[o] - x), Math.abs(x - b[o + 1]));
  const dy = Math.max(Math.abs(b[o + 2] - y), Math.abs(y - b[o + 3]));
  const dz = Math.max(Math.abs(b[o + 4] - z4), Math.abs(z4 - b[o + 5]));
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}
__name(farChordToBox, "farChordToBox");
var NO_POSITIONS = new Int32Array(0);
function partOf(latitude2, longitude2) {
  const a = Math.floor((latitude2 + 90) / SUB_DEG) % SUB;
  const b = Math.floor((longitude2 + 180) / SUB_DEG) % SUB;
  return (a % SUB + SUB) % SUB * SUB + (b % SUB + SUB) % SUB;
}
__name(partOf, "partOf");
function shownRatingOf(store, slot) {
  const r = shownRating({
    rating: store.ratingOf(slot),
    review_count: store.reviewCountOf(slot),
    memberRating: store.memberRatingOf(slot)
  });
  return r === null ? Number.NaN : r;
}
__name(shownRatingOf, "shownRatingOf");
function pack(store, cell) {
  const unordered = cell.slots ? cell.slots : Array.from(cell.packed.slots);
  const n = unordered.length;
  const part = new Int32Array(n);
  const runs = new Int32Array(SUB * SUB + 1);
  for (let i = 0; i < n; i++) {
    part[i] = partOf(store.latitude[unordered[i]], store.longitude[unordered[i]]);
    runs[part[i] + 1]++;
  }
  let groups = 1;
  for (let k = 1; k <= SUB * SUB; k++) {
    if (runs[k] > 0) groups++;
    runs[k] += runs[k - 1];
  }
  const slots = new Int32Array(n);
  const next = runs.slice();
  for (let i = 0; i < n; i++) slots[next[part[i]]++] = unordered[i];
  const from = new Int32Array(groups);
  const to = new Int32Array(groups);
  to[0] = n;
  for (let k = 0, g = 1; k < SUB * SUB; k++)
    if (runs[k + 1] > runs[k]) {
      from[g] = runs[k];
      to[g++] = runs[k + 1];
    }
  const byHours = /* @__PURE__ */ __name((a, b) => store.hours[a] - store.hours[b] || a - b, "byHours");
  const runFrom = new Int32Array(groups + 1);
  const runStart = [];
  const runHours = [];
  for (let g = 1; g < groups; g++) {
    const ofPart = slots.subarray(from[g], to[g]);
    for (let i = 1; i < ofPart.length; i++)
      if (store.hours[ofPart[i]] !== store.hours[ofPart[0]]) {
        ofPart.sort(byHours);
        break;
      }
    runFrom[g] = runStart.length;
    for (let i = from[g]; i < to[g]; i++)
      if (i === from[g] || store.hours[slots[i]] !== store.hours[slots[i - 1]]) {
        runStart.push(i);
        runHours.push(store.hours[slots[i]]);
      }
  }
  runFrom[groups] = runStart.length;
  runStart.push(n);
  const columns = /* @__PURE__ */ new Map();
  const scoreColumns = [];
  for (const [name, column] of store.scoreColumns()) {
    columns.set(name, scoreColumns.length);
    scoreColumns.push(column);
  }
  const ncol = scoreColumns.length;
  const packed = {
    slots,
    x: new Float64Array(n),
    y: new Float64Array(n),
    z: new Float64Array(n),
    vibes: new Int32Array(n),
    hours: new Uint32Array(n),
    ids: new Int32Array(n),
    byVibe: [],
    unbitted: NO_POSITIONS,
    likelyAt: NO_POSITIONS,
    groups,
    from,
    to,
    runFrom,
    runStart: Int32Array.from(runStart),
    runHours: Uint32Array.from(runHours),
    boxes: new Float64Array(6 * groups),
    histFrom: new Int32Array(groups + 1),
    histList: new Uint32Array(0),
    histCategory: new Uint16Array(0),
    histHours: new Uint32Array(0),
    histCount: new Uint32Array(0),
    anyHoursFrom: new Int32Array(groups + 1),
    anyHoursList: new Uint32Array(0),
    anyHoursCategory: new Uint16Array(0),
    anyHoursCount: new Uint32Array(0),
    columns,
    maxScore: new Uint8Array(groups * ncol),
    maxRating: new Float64Array(groups).fill(Number.NaN),
    aside: new Uint8Array(groups),
    byScore: [],
    byFit: /* @__PURE__ */ new Map(),
    counts: /* @__PURE__ */ new Map(),
    bestFits: /* @__PURE__ */ new Map(),
    partOrders: /* @__PURE__ */ new Map(),
    tiersKey: "",
    tiers: new Float64Array(groups),
    ranked: cell.ranked
  };
  const lists = [];
  const unbitted = [];
  const likelyAt = [];
  const hist = [];
  const anyHours = [];
  const { boxes, maxScore, maxRating } = packed;
  const rating2 = new Float64Array(n);
  const nCategories = store.categories.values.length + 1;
  const nHours = store.openingHours.values.length + 1;
  const numericKeys = (store.vibeLists.values.length + 1) * nCategories * nHours < 2 ** 52;
  const keys = new Array(n);
  for (let i = 0; i < n; i++) {
    const slot = slots[i];
    const lat = rad(store.latitude[slot]);
    const lon = rad(store.longitude[slot]);
    const cosLat = Math.cos(lat);
    packed.x[i] = EARTH_RADIUS_M * cosLat * Math.cos(lon);
    packed.y[i] = EARTH_RADIUS_M * cosLat * Math.sin(lon);
    packed.z[i] = EARTH_RADIUS_M * Math.sin(lat);
    const vibes = store.vibeMaskOf(slot);
    packed.vibes[i] = vibes;
    packed.hours[i] = store.hours[slot];
    packed.ids[i] = store.ids[slot];
    if (store.hasLikely(slot)) likelyAt.push(i);
    if (vibes === -1) unbitted.push(i);
    else
      for (let bit = 0; vibes >>> bit !== 0 && bit < MAX_VIBE_BITS; bit++)
        if (vibes & 1 << bit) (lists[bit] ??= []).push(i);
    rating2[i] = shownRatingOf(store, slot);
    const list = store.vibes[slot];
    keys[i] = numericKeys ? (list * nCategories + store.category[slot]) * nHours + store.hours[slot] : `${list},${store.category[slot]},${store.hours[slot]}`;
  }
  for (let g = 0; g < groups; g++) {
    const o = 6 * g;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    let minZ = Infinity;
    let maxZ = -Infinity;
    const counts = /* @__PURE__ */ new Map();
    const anyHoursCounts = /* @__PURE__ */ new Map();
    const first = hist.length;
    packed.anyHoursFrom[g] = anyHours.length;
    for (let i = from[g]; i < to[g]; i++) {
      const slot = slots[i];
      const x = packed.x[i];
      const y = packed.y[i];
      const z4 = packed.z[i];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z4 < minZ) minZ = z4;
      if (z4 > maxZ) maxZ = z4;
      const entry = counts.get(keys[i]);
      if (entry) entry.count++;
      else {
        const made = { list: store.vibes[slot], category: store.category[slot], hours: store.hours[slot], count: 1 };
        counts.set(keys[i], made);
        hist.push(made);
      }
      const anyKey = store.vibes[slot] * nCategories + store.category[slot];
      const any = anyHoursCounts.get(anyKey);
      if (any) any.count++;
      else {
        const made = { list: store.vibes[slot], category: store.category[slot], count: 1 };
        anyHoursCounts.set(anyKey, made);
        anyHours.push(made);
      }
      const aside = store.scoresAside(slot);
      if (aside) packed.aside[g] = 1;
      for (let k = 0; k < ncol; k++) {
        const byte = aside ? 100 : scoreColumns[k][slot];
        if (byte !== NO_SCORE_BYTE && byte > maxScore[g * ncol + k]) maxScore[g * ncol + k] = byte;
      }
      const r = rating2[i];
      if (!Number.isNaN(r) && !(r <= maxRating[g])) maxRating[g] = r;
    }
    boxes[o] = minX;
    boxes[o + 1] = maxX;
    boxes[o + 2] = minY;
    boxes[o + 3] = maxY;
    boxes[o + 4] = minZ;
    boxes[o + 5] = maxZ;
    packed.histFrom[g] = first;
  }
  packed.histFrom[groups] = hist.length;
  packed.histList = Uint32Array.from(hist, (h) => h.list);
  packed.histCategory = Uint16Array.from(hist, (h) => h.category);
  packed.histHours = Uint32Array.from(hist, (h) => h.hours);
  packed.histCount = Uint32Array.from(hist, (h) => h.count);
  packed.anyHoursFrom[groups] = anyHours.length;
  if (anyHours.length === hist.length) {
    packed.anyHoursFrom = packed.histFrom;
    packed.anyHoursList = packed.histList;
    packed.anyHoursCategory = packed.histCategory;
    packed.anyHoursCount = packed.histCount;
  } else {
    packed.anyHoursList = Uint32Array.from(anyHours, (h) => h.list);
    packed.anyHoursCategory = Uint16Array.from(anyHours, (h) => h.category);
    packed.anyHoursCount = Uint32Array.from(anyHours, (h) => h.count);
  }
  for (let bit = 0; bit < MAX_VIBE_BITS; bit++)
    packed.byVibe[bit] = lists[bit] ? Int32Array.from(lists[bit]) : NO_POSITIONS;
  if (unbitted.length) packed.unbitted = Int32Array.from(unbitted);
  if (likelyAt.length) packed.likelyAt = Int32Array.from(likelyAt);
  cell.packed = packed;
  cell.slots = null;
  for (const k of cell.ranked) orderByScore(store, packed, k);
  return packed;
}
__name(pack, "pack");
function orderByScore(store, p, k) {
  let order = p.byScore[k];
  if (order) return order;
  const column = store.scoreColumn(k);
  order = new Int32Array(p.slots.length);
  const starts = new Int32Array(103);
  const bucket = /* @__PURE__ */ __name((i) => {
    const b = column[p.slots[i]];
    return b === NO_SCORE_BYTE ? 101 : 100 - b;
  }, "bucket");
  for (let g = 1; g < p.groups; g++) {
    const from = p.from[g];
    const to = p.to[g];
    starts.fill(0);
    for (let i = from; i < to; i++) starts[bucket(i) + 1]++;
    starts[0] = from;
    for (let b = 1; b < 103; b++) starts[b] += starts[b - 1];
    for (let i = from; i < to; i++) order[starts[bucket(i)]++] = i;
  }
  if (!p.ranked.includes(k)) p.ranked.push(k);
  return p.byScore[k] = order;
}
__name(orderByScore, "orderByScore");
var COUNTS_KEPT = 8;
var FIT_ORDERS_KEPT = 4;
var FIT_MIN_ASKS = 20;
var FIT_SHARE = 0.05;
var FIT_ASKS_WINDOW = 2e3;
function fitGate() {
  const asks = /* @__PURE__ */ new Map();
  let total = 0;
  return (key) => {
    const n = (asks.get(key) ?? 0) + 1;
    asks.set(key, n);
    if (++total >= FIT_ASKS_WINDOW) {
      total = 0;
      for (const [k, v] of asks) {
        if (v >> 1) asks.set(k, v >> 1);
        else asks.delete(k);
        total += v >> 1;
      }
    }
    if (n < FIT_MIN_ASKS || n < total * FIT_SHARE) return false;
    let ahead = 0;
    for (const [k, v] of asks) if ((v > n || v === n && k < key) && ++ahead >= FIT_ORDERS_KEPT) return false;
    return true;
  };
}
__name(fitGate, "fitGate");
function fitOrder(store, p, g, fit) {
  let f = p.byFit.get(fit.key);
  if (!f) {
    if (p.byFit.size >= FIT_ORDERS_KEPT) p.byFit.delete(p.byFit.keys().next().value);
    const n = p.slots.length;
    f = { fit: new Float64Array(n).fill(Number.NaN), order: new Int32Array(n), done: new Uint8Array(p.groups) };
    p.byFit.set(fit.key, f);
  }
  if (!f.done[g]) {
    const values = f.fit;
    for (let i = p.from[g]; i < p.to[g]; i++) {
      const slot = p.slots[i];
      values[i] = fit.of(
        (vibe) => store.scoreOf(slot, vibe),
        () => {
          const r = shownRatingOf(store, slot);
          return Number.isNaN(r) ? null : r;
        }
      );
      f.order[i] = i;
    }
    f.order.subarray(p.from[g], p.to[g]).sort((a, b) => values[b] - values[a] || a - b);
    f.done[g] = 1;
  }
  return f;
}
__name(fitOrder, "fitOrder");
function highestFit(store, p, g, fit, tier, tierOf) {
  const f = fitOrder(store, p, g, fit);
  if (Number.isNaN(tier)) return f.fit[f.order[p.from[g]]];
  let most = Number.NEGATIVE_INFINITY;
  for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++)
    if (tierOf(p.runHours[u]) === tier) {
      for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) if (f.fit[i] > most) most = f.fit[i];
    }
  return most;
}
__name(highestFit, "highestFit");
var ArrayHeap = class {
  static {
    __name(this, "ArrayHeap");
  }
  size = 0;
  limit = 0;
  /** The entry just put at `i` (the last) moved up to its place. */
  siftUp(i) {
    while (i > 0) {
      const parent = i - 1 >> 1;
      if (!this.above(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }
  /** The entry just put at the top moved down to its place. */
  siftDown() {
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let largest = i;
      if (l < this.size && this.above(l, largest)) largest = l;
      if (r < this.size && this.above(r, largest)) largest = r;
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }
};
var PendingQueue = class extends ArrayHeap {
  static {
    __name(this, "PendingQueue");
  }
  heap = new Int32Array(1024);
  used = 0;
  packed = [];
  g = new Int32Array(1024);
  tier = new Float64Array(1024);
  score = new Float64Array(1024);
  meters = new Float64Array(1024);
  at = new Int32Array(1024);
  order = [];
  visit = [];
  reset() {
    this.size = 0;
    this.used = 0;
  }
  /** Whether the queue's next comes before a group whose best is (tier, score) at `meters`. */
  aheadOf(tier, score, meters) {
    if (this.size === 0) return false;
    const e = this.heap[0];
    const t2 = this.tier[e];
    if (t2 !== tier) return t2 < tier;
    const s = this.score[e];
    return s !== score ? s > score : this.meters[e] < meters;
  }
  above(i, j) {
    const a = this.heap[i];
    const b = this.heap[j];
    const ta = this.tier[a];
    const tb = this.tier[b];
    if (ta !== tb) return ta < tb;
    const sa = this.score[a];
    const sb = this.score[b];
    return sa !== sb ? sa > sb : this.meters[a] < this.meters[b];
  }
  swap(i, j) {
    const e = this.heap[i];
    this.heap[i] = this.heap[j];
    this.heap[j] = e;
  }
  push(p, g, tier, score, meters, order = null, at = 0, visit = null) {
    if (this.used === this.g.length) {
      const size2 = 2 * this.g.length;
      this.g = grown(this.g, size2);
      this.tier = grown(this.tier, size2);
      this.score = grown(this.score, size2);
      this.meters = grown(this.meters, size2);
      this.at = grown(this.at, size2);
      this.heap = grown(this.heap, size2);
    }
    const e = this.used++;
    this.packed[e] = p;
    this.g[e] = g;
    this.tier[e] = tier;
    this.score[e] = score;
    this.meters[e] = meters;
    this.at[e] = at;
    this.order[e] = order;
    this.visit[e] = visit;
    this.heap[this.size] = e;
    this.siftUp(this.size++);
  }
  /** The next entry's index (the queue is not empty); its fields stay readable until reset. */
  pop() {
    const top = this.heap[0];
    this.heap[0] = this.heap[--this.size];
    this.siftDown();
    return top;
  }
};
var RankedHeap = class extends ArrayHeap {
  static {
    __name(this, "RankedHeap");
  }
  slots = new Int32Array(256);
  tiers = new Float64Array(256);
  scores = new Float64Array(256);
  meters = new Float64Array(256);
  ids = new Int32Array(256);
  /** Each entry's fit (Ranking.fit), NaN when it was scored without one: carried, not compared. */
  fits = new Float64Array(256);
  reset(limit2) {
    if (this.slots.length < limit2) {
      this.slots = new Int32Array(limit2);
      this.tiers = new Float64Array(limit2);
      this.scores = new Float64Array(limit2);
      this.meters = new Float64Array(limit2);
      this.ids = new Int32Array(limit2);
      this.fits = new Float64Array(limit2);
    }
    this.size = 0;
    this.limit = limit2;
  }
  get full() {
    return this.size >= this.limit;
  }
  /** Whether (tier, score, meters, id) comes after the entry at i. */
  after(tier, score, meters, id, i) {
    if (tier !== this.tiers[i]) return tier > this.tiers[i];
    if (score !== this.scores[i]) return score < this.scores[i];
    if (meters !== this.meters[i]) return meters > this.meters[i];
    return id > this.ids[i];
  }
  above(i, j) {
    return this.after(this.tiers[i], this.scores[i], this.meters[i], this.ids[i], j);
  }
  /**
   * Whether no venue of a group whose best is (tier, score) at `meters` or farther can come
   * before the last one kept (the heap is full).
   */
  excludes(tier, score, meters) {
    if (tier !== this.tiers[0]) return tier > this.tiers[0];
    if (score !== this.scores[0]) return score < this.scores[0];
    return meters > this.meters[0];
  }
  swap(i, j) {
    const { slots, tiers, scores, meters, ids, fits } = this;
    const slot = slots[i];
    slots[i] = slots[j];
    slots[j] = slot;
    const tier = tiers[i];
    tiers[i] = tiers[j];
    tiers[j] = tier;
    const score = scores[i];
    scores[i] = scores[j];
    scores[j] = score;
    const m = meters[i];
    meters[i] = meters[j];
    meters[j] = m;
    const id = ids[i];
    ids[i] = ids[j];
    ids[j] = id;
    const fit = fits[i];
    fits[i] = fits[j];
    fits[j] = fit;
  }
  put(i, slot, tier, score, meters, id, fit) {
    this.slots[i] = slot;
    this.tiers[i] = tier;
    this.scores[i] = score;
    this.meters[i] = meters;
    this.ids[i] = id;
    this.fits[i] = fit;
  }
  /** Keeps the venue at `slot` if it comes before the last kept (or there is room); `fit`: NaN, or its fit. */
  offer(slot, tier, score, meters, id, fit = Number.NaN) {
    if (this.size < this.limit) {
      const i = this.size++;
      this.put(i, slot, tier, score, meters, id, fit);
      this.siftUp(i);
      return;
    }
    if (this.after(tier, score, meters, id, 0)) return;
    this.put(0, slot, tier, score, meters, id, fit);
    this.siftDown();
  }
  /** Whether (tier, score, meters, id) would be kept (the heap is full: it comes before the top). */
  takes(tier, score, meters, id) {
    return this.size < this.limit || !this.after(tier, score, meters, id, 0);
  }
  /**
   * The venues kept but the first `skip`, first first, with their distances and fits (as
   * NearestHeap.drain); then it holds nothing.
   */
  drain(store, skip = 0) {
    const out = new Array(Math.max(0, this.size - skip));
    while (this.size > 0) {
      const fit = this.fits[0];
      if (this.size > skip)
        out[this.size - 1 - skip] = {
          venue: store.venue(this.slots[0]),
          meters: this.meters[0],
          fit: Number.isNaN(fit) ? void 0 : fit
        };
      this.swap(0, --this.size);
      this.siftDown();
    }
    return out;
  }
};
var NearestHeap = class extends ArrayHeap {
  static {
    __name(this, "NearestHeap");
  }
  chords = new Float64Array(256);
  slots = new Int32Array(256);
  ids = new Int32Array(0);
  reset(limit2, ids) {
    if (this.chords.length < limit2) {
      this.chords = new Float64Array(limit2);
      this.slots = new Int32Array(limit2);
    }
    this.ids = ids;
    this.size = 0;
    this.limit = limit2;
  }
  /** The farthest chord kept, once the heap is full (Infinity until then). */
  get bound() {
    return this.size < this.limit ? Infinity : this.chords[0];
  }
  above(i, j) {
    const a = this.chords[i];
    const b = this.chords[j];
    return a > b || a === b && this.ids[this.slots[i]] > this.ids[this.slots[j]];
  }
  swap(i, j) {
    const c = this.chords[i];
    this.chords[i] = this.chords[j];
    this.chords[j] = c;
    const s = this.slots[i];
    this.slots[i] = this.slots[j];
    this.slots[j] = s;
  }
  offer(slot, chord) {
    if (this.size < this.limit) {
      const i = this.size++;
      this.chords[i] = chord;
      this.slots[i] = slot;
      this.siftUp(i);
      return;
    }
    const top = this.chords[0];
    if (chord > top || chord === top && this.ids[slot] >= this.ids[this.slots[0]]) return;
    this.chords[0] = chord;
    this.slots[0] = slot;
    this.siftDown();
  }
  /** What it holds but the nearest `skip`, nearest first (taken from the top, farthest first); then it is empty. */
  drain(store, skip = 0) {
    const out = new Array(Math.max(0, this.size - skip));
    while (this.size > 0) {
      if (this.size > skip)
        out[this.size - 1 - skip] = { venue: store.venue(this.slots[0]), meters: chordToMeters(this.chords[0]) };
      this.swap(0, --this.size);
      this.siftDown();
    }
    return out;
  }
};
var rad = /* @__PURE__ */ __name((deg) => deg * Math.PI / 180, "rad");
function toEarth(latitude2, longitude2) {
  const lat = rad(latitude2);
  const lon = rad(longitude2);
  return [
    EARTH_RADIUS_M * Math.cos(lat) * Math.cos(lon),
    EARTH_RADIUS_M * Math.cos(lat) * Math.sin(lon),
    EARTH_RADIUS_M * Math.sin(lat)
  ];
}
__name(toEarth, "toEarth");
function chordToMeters(chord) {
  return chord >= 2 * EARTH_RADIUS_M ? Math.PI * EARTH_RADIUS_M : 2 * EARTH_RADIUS_M * Math.asin(chord / (2 * EARTH_RADIUS_M));
}
__name(chordToMeters, "chordToMeters");
var latCell = /* @__PURE__ */ __name((latitude2) => Math.min(Math.floor((latitude2 + 90) / CELL_DEG), Math.round(180 / CELL_DEG) - 1), "latCell");
var lonCell = /* @__PURE__ */ __name((longitude2) => (Math.floor((longitude2 + 180) / CELL_DEG) % LON_CELLS + LON_CELLS) % LON_CELLS, "lonCell");
var cellKey = /* @__PURE__ */ __name((latIndex, lonIndex) => latIndex * LON_CELLS + lonIndex, "cellKey");
function cellsAround(latitude2, longitude2, radiusMeters) {
  const angle = radiusMeters / EARTH_RADIUS_M;
  const south = latitude2 - angle * 180 / Math.PI;
  const north = latitude2 + angle * 180 / Math.PI;
  const latFrom = latCell(Math.max(-90, south));
  const latTo = latCell(Math.min(90, north));
  const reach = Math.sin(angle) / Math.cos(rad(latitude2));
  if (south <= -90 || north >= 90 || angle >= Math.PI / 2 || reach >= 1) return { latFrom, latTo, lon: null };
  const dLon = Math.asin(reach) * 180 / Math.PI + 1e-9;
  const from = Math.floor((longitude2 - dLon + 180) / CELL_DEG);
  const to = Math.floor((longitude2 + dLon + 180) / CELL_DEG);
  if (to - from + 1 >= LON_CELLS) return { latFrom, latTo, lon: null };
  return { latFrom, latTo, lon: { from, to } };
}
__name(cellsAround, "cellsAround");
var LOAD_COLUMNS = `id, category, latitude, longitude, rating, review_count, opening_hours, detected_vibes,
  vibe_scores, likely_vibes, source, attribution, member_rating_sum, member_review_count, external_id, name,
  description, address, image_url, phone_number, website, hours`;
var READ_BATCH = 5e3;
var READ_AHEAD = 2;
async function createVenueCatalog(db2, changes2, opts = {}) {
  const scanBelow = opts.scanBelow ?? SCAN_BELOW;
  const popularFit = opts.everyFit === true ? () => true : fitGate();
  const countCap = opts.countCap ?? MAX_EXACT_TOTAL;
  let store = new VenueStore();
  let cells = /* @__PURE__ */ new Map();
  const cellOf = /* @__PURE__ */ __name((s, slot) => cellKey(latCell(s.latitude[slot]), lonCell(s.longitude[slot])), "cellOf");
  const touched = /* @__PURE__ */ new Set();
  const placeRow = /* @__PURE__ */ __name((s, grid, row) => {
    remove(s, grid, row[0]);
    addToCell(s, grid, s.putRow(row));
  }, "placeRow");
  const addToCell = /* @__PURE__ */ __name((s, grid, slot) => {
    const key = cellOf(s, slot);
    let cell = grid.get(key);
    if (!cell) grid.set(key, cell = { slots: [slot], packed: null, ranked: [] });
    else {
      cell.slots ??= Array.from(cell.packed.slots);
      cell.slots.push(slot);
      cell.packed = null;
    }
    touched.add(cell);
  }, "addToCell");
  const remove = /* @__PURE__ */ __name((s, grid, id) => {
    const slot = s.slotOf.get(id);
    if (slot === void 0) return;
    const key = cellOf(s, slot);
    s.delete(id);
    const cell = grid.get(key);
    cell.slots ??= Array.from(cell.packed.slots);
    cell.slots.splice(cell.slots.indexOf(slot), 1);
    cell.packed = null;
    touched.add(cell);
    if (!cell.slots.length) grid.delete(key);
  }, "remove");
  const packTouched = /* @__PURE__ */ __name((s) => {
    for (const cell of touched) if (cell.packed === null && cell.slots.length) pack(s, cell);
    touched.clear();
  }, "packTouched");
  const read = /* @__PURE__ */ __name(async (ids) => {
    if (ids) {
      const found = /* @__PURE__ */ new Set();
      for (let i = 0; i < ids.length; i += READ_BATCH) {
        const [{ rows }] = await db2.query(
          `SELECT json_agg(${STORE_ROW_SQL})::text AS rows
             FROM (SELECT ${LOAD_COLUMNS} FROM venues WHERE id = ANY($1::int[])) v`,
          [ids.slice(i, i + READ_BATCH)]
        );
        if (!rows) continue;
        for (const row of JSON.parse(rows)) {
          found.add(row[0]);
          placeRow(store, cells, row);
        }
      }
      for (const id of ids) if (!found.has(id)) remove(store, cells, id);
      packTouched(store);
      return;
    }
    const next = new VenueStore();
    const grid = /* @__PURE__ */ new Map();
    const cuts = await db2.query(
      "SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM venues) s WHERE n % $1 = 0 ORDER BY id",
      [READ_BATCH]
    );
    const ranges = [];
    let low = -(2 ** 31);
    for (const { id } of cuts) {
      ranges.push([low, id]);
      low = id;
    }
    ranges.push([low, 2 ** 31 - 1]);
    const ask = /* @__PURE__ */ __name((range) => {
      const asked2 = db2.query(
        `SELECT json_agg(${STORE_ROW_SQL})::text AS rows
           FROM (SELECT ${LOAD_COLUMNS} FROM venues WHERE id > $1 AND id <= $2) v`,
        range
      );
      asked2.catch(() => {
      });
      return asked2;
    }, "ask");
    const asked = ranges.slice(0, READ_AHEAD).map(ask);
    for (let i = 0; i < ranges.length; i++) {
      const [{ rows }] = await asked[i];
      if (i + READ_AHEAD < ranges.length) asked.push(ask(ranges[i + READ_AHEAD]));
      if (rows) for (const row of JSON.parse(rows)) placeRow(next, grid, row);
    }
    touched.clear();
    for (const cell of grid.values()) pack(next, cell);
    store = next;
    cells = grid;
  }, "read");
  const { ready, stop } = await followChanges(changes2, "venues", read, opts.onError);
  const forCellsAround = /* @__PURE__ */ __name((latitude2, longitude2, radius, fn) => {
    const area = cellsAround(latitude2, longitude2, radius);
    const wanted = (area.latTo - area.latFrom + 1) * (area.lon ? area.lon.to - area.lon.from + 1 : LON_CELLS);
    if (wanted > cells.size) {
      for (const cell of cells.values()) fn(cell);
      return;
    }
    for (let la = area.latFrom; la <= area.latTo; la++) {
      const lonFrom = area.lon ? area.lon.from : 0;
      const lonTo = area.lon ? area.lon.to : LON_CELLS - 1;
      for (let lo = lonFrom; lo <= lonTo; lo++) {
        const cell = cells.get(cellKey(la, (lo % LON_CELLS + LON_CELLS) % LON_CELLS));
        if (cell) fn(cell);
      }
    }
  }, "forCellsAround");
  const perValue = /* @__PURE__ */ __name(() => {
    let answers = new Float64Array(64);
    let asked = new Uint32Array(64);
    let search2 = 0;
    return {
      /** A new search: every answer is to be asked again. */
      next() {
        if (++search2 === 2 ** 32 - 1) {
          asked.fill(0);
          search2 = 1;
        }
      },
      get(index, ask) {
        if (index >= asked.length) {
          const size2 = Math.max(index + 1, asked.length * 2);
          const a = new Float64Array(size2);
          a.set(answers);
          answers = a;
          const s = new Uint32Array(size2);
          s.set(asked);
          asked = s;
        }
        if (asked[index] === search2) return answers[index];
        asked[index] = search2;
        return answers[index] = ask(index);
      }
    };
  }, "perValue");
  const listFits = perValue();
  const hoursFit = perValue();
  const tiers = perValue();
  let hoursFitFor = { key: "", store: null };
  let tiersFor = { key: void 0, store: null };
  const tiersOf = /* @__PURE__ */ __name((ranking) => {
    if (!ranking.tier) return () => 0;
    if (ranking.tierKey === void 0 || ranking.tierKey !== tiersFor.key || tiersFor.store !== store) {
      tiers.next();
      tiersFor = { key: ranking.tierKey, store };
    }
    const tier = ranking.tier;
    const ask = /* @__PURE__ */ __name((h) => tier(store.openingHours.values[h]), "ask");
    return (hours2) => tiers.get(hours2, ask);
  }, "tiersOf");
  const circleOf = /* @__PURE__ */ __name((q) => {
    const [cx, cy, cz] = toEarth(q.latitude, q.longitude);
    const radius = q.radiusMeters;
    const maxChord = radius >= Math.PI * EARTH_RADIUS_M ? Infinity : 2 * EARTH_RADIUS_M * Math.sin(radius / (2 * EARTH_RADIUS_M));
    const wantVibes = q.vibes?.length ? q.vibes : null;
    const wantBits = [];
    let wantMask = 0;
    for (const v of wantVibes ?? []) {
      const bit = store.vibeBits.get(v);
      if (bit !== void 0 && !wantBits.includes(bit)) {
        wantBits.push(bit);
        wantMask |= 1 << bit;
      }
    }
    const category2 = q.category === void 0 ? null : store.categories.find(q.category) ?? -1;
    const openAt = q.openAt ?? null;
    const openLateAt = q.openLateAt ?? null;
    listFits.next();
    const minute = /* @__PURE__ */ __name((d) => d === null ? "-" : String(Math.floor(d.getTime() / 6e4)), "minute");
    const hoursKey = `${minute(openAt)}|${minute(openLateAt)}`;
    if (hoursKey !== hoursFitFor.key || hoursFitFor.store !== store) {
      hoursFit.next();
      hoursFitFor = { key: hoursKey, store };
    }
    const extra = /* @__PURE__ */ new Set();
    if (wantVibes !== null)
      for (const id of q.claimed ?? []) {
        const slot = store.slotOf.get(id);
        if (slot !== void 0 && !store.detectedVibesOf(slot).some((v) => wantVibes.includes(v))) extra.add(slot);
      }
    const wanted = wantVibes ? [...wantVibes].sort().join(",") : "*";
    const countKey = `${wanted}|${category2 ?? "*"}|${hoursKey}`;
    return {
      countKey,
      extra,
      cx,
      cy,
      cz,
      wantVibes,
      wantBits,
      wantMask,
      category: category2,
      openAt,
      openLateAt,
      timed: openAt !== null || openLateAt !== null,
      radius,
      maxChord,
      surelyIn: maxChord * (1 - 1e-9)
    };
  }, "circleOf");
  const hoursPass = /* @__PURE__ */ __name((c, hours2) => !c.timed || hoursFit.get(hours2, (h) => {
    const value = store.openingHours.values[h];
    return +((c.openAt === null || isOpenAt(value, c.openAt)) && (c.openLateAt === null || isOpenLate(value, c.openLateAt)));
  }) === 1, "hoursPass");
  const hasWantedVibe = /* @__PURE__ */ __name((c, slot) => {
    const vibes = store.detectedVibesOf(slot);
    return c.wantVibes.some((v) => vibes.includes(v));
  }, "hasWantedVibe");
  const listPasses = /* @__PURE__ */ __name((c, list) => c.wantVibes === null || listFits.get(list, (l) => {
    const { vibes, mask } = store.vibeLists.values[l];
    return +(mask === -1 ? c.wantVibes.some((v) => vibes.includes(v)) : (mask & c.wantMask) !== 0);
  }) === 1, "listPasses");
  const eachWanted = /* @__PURE__ */ __name((c, p, fn) => {
    if (c.wantVibes === null) {
      for (let i = 0; i < p.slots.length; i++) fn(i);
      return;
    }
    let seen = 0;
    for (const bit of c.wantBits) {
      const at = p.byVibe[bit];
      for (let k = 0; k < at.length; k++) if ((p.vibes[at[k]] & seen) === 0) fn(at[k]);
      seen |= 1 << bit;
    }
    for (let k = 0; k < p.unbitted.length; k++) {
      const i = p.unbitted[k];
      if (hasWantedVibe(c, p.slots[i])) fn(i);
    }
  }, "eachWanted");
  const passes = /* @__PURE__ */ __name((c, p, i, slot) => passesWith(c, slot, p.vibes[i], p.hours[i]), "passes");
  const passesWith = /* @__PURE__ */ __name((c, slot, bits, hours2) => {
    if (c.category !== null && store.category[slot] !== c.category) return false;
    if (c.wantVibes !== null && !(bits === -1 ? hasWantedVibe(c, slot) : (bits & c.wantMask) !== 0)) return false;
    return hoursPass(c, hours2);
  }, "passesWith");
  const claimedInside = /* @__PURE__ */ __name((c) => {
    const found = [];
    for (const slot of c.extra) {
      if (c.category !== null && store.category[slot] !== c.category) continue;
      if (!hoursPass(c, store.hours[slot])) continue;
      const chord = slotChordInside(c, slot);
      if (chord >= 0) found.push({ slot, chord });
    }
    return found;
  }, "claimedInside");
  const inCircle = /* @__PURE__ */ __name((c, dx, dy, dz) => {
    const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (chord > c.surelyIn && (chord > c.maxChord || chordToMeters(chord) > c.radius)) return -1;
    return chord;
  }, "inCircle");
  const chordInside = /* @__PURE__ */ __name((c, p, i) => inCircle(c, p.x[i] - c.cx, p.y[i] - c.cy, p.z[i] - c.cz), "chordInside");
  const slotChordInside = /* @__PURE__ */ __name((c, slot) => {
    const [x, y, z4] = toEarth(store.latitude[slot], store.longitude[slot]);
    return inCircle(c, x - c.cx, y - c.cy, z4 - c.cz);
  }, "slotChordInside");
  const keptCount = /* @__PURE__ */ __name((c, p, g) => {
    let counts = p.counts.get(c.countKey);
    if (!counts) {
      if (p.counts.size >= COUNTS_KEPT) p.counts.delete(p.counts.keys().next().value);
      counts = new Int32Array(p.groups).fill(-1);
      p.counts.set(c.countKey, counts);
    }
    if (counts[g] < 0) counts[g] = histCount(c, p, g);
    return counts[g];
  }, "keptCount");
  const histCount = /* @__PURE__ */ __name((c, p, g) => {
    if (c.wantVibes === null && c.category === null && !c.timed) return p.to[g] - p.from[g];
    let n = 0;
    if (!c.timed) {
      for (let e = p.anyHoursFrom[g]; e < p.anyHoursFrom[g + 1]; e++)
        if ((c.category === null || p.anyHoursCategory[e] === c.category) && listPasses(c, p.anyHoursList[e]))
          n += p.anyHoursCount[e];
      return n;
    }
    for (let e = p.histFrom[g]; e < p.histFrom[g + 1]; e++) {
      if (c.category !== null && p.histCategory[e] !== c.category) continue;
      if (!listPasses(c, p.histList[e]) || !hoursPass(c, p.histHours[e])) continue;
      n += p.histCount[e];
    }
    return n;
  }, "histCount");
  const countCircle = /* @__PURE__ */ __name((c, q) => {
    let n = c.extra.size ? claimedInside(c).length : 0;
    const { cx, cy, cz, maxChord, surelyIn } = c;
    const crossed = [];
    forCellsAround(q.latitude, q.longitude, c.radius, (cell) => {
      if (n > countCap) return;
      const p = cell.packed ?? pack(store, cell);
      if (chordToBox(p, 0, cx, cy, cz) > maxChord) return;
      if (farChordToBox(p, 0, cx, cy, cz) <= surelyIn) n += keptCount(c, p, 0);
      else crossed.push(p);
    });
    for (const p of crossed) {
      for (let g = 1; g < p.groups && n <= countCap; g++) {
        if (chordToBox(p, g, cx, cy, cz) > maxChord) continue;
        if (farChordToBox(p, g, cx, cy, cz) <= surelyIn) {
          n += keptCount(c, p, g);
          continue;
        }
        if (!c.timed) {
          for (let i = p.from[g]; i < p.to[g]; i++) if (passes(c, p, i, p.slots[i]) && chordInside(c, p, i) >= 0) n++;
          continue;
        }
        for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
          if (!hoursPass(c, p.runHours[u])) continue;
          for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++)
            if (passes(c, p, i, p.slots[i]) && chordInside(c, p, i) >= 0) n++;
        }
      }
    }
    return Math.min(n, countCap + 1);
  }, "countCircle");
  let factsSlot = 0;
  const facts = {
    get id() {
      return store.ids[factsSlot];
    },
    get category() {
      return store.categories.values[store.category[factsSlot]];
    },
    get rating() {
      return store.ratingOf(factsSlot);
    },
    get review_count() {
      return store.reviewCountOf(factsSlot);
    },
    get memberRating() {
      return store.memberRatingOf(factsSlot);
    },
    vibeScore: /* @__PURE__ */ __name((vibe) => store.scoreOf(factsSlot, vibe), "vibeScore"),
    get openingHours() {
      return store.openingHoursOf(factsSlot);
    },
    likelyWeight: /* @__PURE__ */ __name((vibes) => store.likelyWeightOf(factsSlot, vibes), "likelyWeight")
  };
  let bestOf = null;
  let bestGroup = 0;
  const bestView = /* @__PURE__ */ __name((of) => ({
    vibeScore(vibe) {
      const k = bestOf.columns.get(vibe);
      return k === void 0 ? 0 : of().maxScore[bestGroup * bestOf.columns.size + k] / 100;
    },
    get rating() {
      const r = of().maxRating[bestGroup];
      return Number.isNaN(r) ? null : r;
    }
  }), "bestView");
  const groupBest = bestView(() => bestOf);
  const tierBests = /* @__PURE__ */ new WeakMap();
  let tierBestOf = null;
  const tierBest = bestView(() => tierBestOf);
  const aimTierBest = /* @__PURE__ */ __name((p, g, tier, key, tierOf) => {
    let tb = tierBests.get(p);
    const ncol = p.columns.size;
    if (tb && tb.key !== key) {
      tb.key = key;
      tb.tier.fill(Number.NaN);
      tb.orders.clear();
      tb.fitOrders.clear();
      tb.fits.clear();
    } else if (!tb) {
      tb = {
        key,
        tier: new Float64Array(p.groups).fill(Number.NaN),
        maxScore: new Uint8Array(p.groups * ncol),
        maxRating: new Float64Array(p.groups),
        orders: /* @__PURE__ */ new Map(),
        fitOrders: /* @__PURE__ */ new Map(),
        fits: /* @__PURE__ */ new Map()
      };
      tierBests.set(p, tb);
    }
    if (tb.tier[g] !== tier) {
      tb.maxScore.fill(0, g * ncol, (g + 1) * ncol);
      tb.maxRating[g] = Number.NaN;
      for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
        if (tierOf(p.runHours[u]) !== tier) continue;
        for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) {
          const slot = p.slots[i];
          const aside = store.scoresAside(slot);
          for (let k = 0; k < ncol; k++) {
            const byte = aside ? 100 : store.scoreColumn(k)[slot];
            if (byte !== NO_SCORE_BYTE && byte > tb.maxScore[g * ncol + k]) tb.maxScore[g * ncol + k] = byte;
          }
          const r = shownRatingOf(store, slot);
          if (!Number.isNaN(r) && !(r <= tb.maxRating[g])) tb.maxRating[g] = r;
        }
      }
      tb.tier[g] = tier;
      for (const fits of tb.fits.values()) fits[g] = Number.NaN;
    }
    bestOf = p;
    bestGroup = g;
    tierBestOf = tb;
  }, "aimTierBest");
  const tierPositions = /* @__PURE__ */ __name((p, g, tier, tierOf) => {
    const found = [];
    for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++)
      if (tierOf(p.runHours[u]) === tier) for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) found.push(i);
    return found;
  }, "tierPositions");
  const tierOrder = /* @__PURE__ */ __name((p, g, tier, k, key, tierOf) => {
    aimTierBest(p, g, tier, key, tierOf);
    const tb = tierBestOf;
    const at = g * p.columns.size + k;
    let order = tb.orders.get(at);
    if (order) return order;
    const found = tierPositions(p, g, tier, tierOf);
    const column = store.scoreColumn(k);
    const rankOf = /* @__PURE__ */ __name((i) => {
      const b = column[p.slots[i]];
      return b === NO_SCORE_BYTE ? -1 : b;
    }, "rankOf");
    order = Int32Array.from(found.sort((a, b) => rankOf(b) - rankOf(a) || a - b));
    tb.orders.set(at, order);
    return order;
  }, "tierOrder");
  const tierFitOrder = /* @__PURE__ */ __name((p, g, tier, fit, key, tierOf) => {
    aimTierBest(p, g, tier, key, tierOf);
    const tb = tierBestOf;
    const values = fitOrder(store, p, g, fit).fit;
    let byGroup = tb.fitOrders.get(fit.key);
    if (!byGroup) tb.fitOrders.set(fit.key, byGroup = []);
    let order = byGroup[g];
    if (order) return { order, values };
    order = Int32Array.from(tierPositions(p, g, tier, tierOf).sort((a, b) => values[b] - values[a] || a - b));
    byGroup[g] = order;
    return { order, values };
  }, "tierFitOrder");
  let thresholdRank = 0;
  let thresholdBase = 0;
  let thresholdOrders = null;
  let thresholdColumns = null;
  const threshold = {
    vibeScore(vibe) {
      const k = bestOf.columns.get(vibe);
      if (k === void 0) return 0;
      const at = columnsAsked.indexOf(k);
      const order = thresholdOrders[at];
      const column = thresholdColumns.get(vibe);
      const byte = column[bestOf.slots[order[thresholdBase + thresholdRank]]];
      return byte === NO_SCORE_BYTE ? 0 : byte / 100;
    },
    get rating() {
      return groupBest.rating;
    }
  };
  let columnsAsked = [];
  const columnsOf = /* @__PURE__ */ __name((p, vibes) => {
    const ks = [];
    for (const v of vibes) {
      const k = p.columns.get(v);
      if (k !== void 0 && !ks.includes(k)) ks.push(k);
    }
    columnsAsked = ks;
    return ks.length ? ks : null;
  }, "columnsOf");
  let seenAt = new Uint32Array(256);
  let seenStamp = 0;
  const ranked = new RankedHeap();
  const queue = new PendingQueue();
  const nearest = new NearestHeap();
  const visits = [];
  const partsNear = new Int32Array(SUB * SUB);
  const partChords = new Float64Array(SUB * SUB + 1);
  const CURSOR = -1;
  const RESUME = -2;
  const likelyRank = /* @__PURE__ */ __name((q, ranking) => {
    const c = circleOf(q);
    const want = c.wantVibes;
    if (want === null) return { hits: [], count: 0 };
    const found = [];
    const tierOf = tiersOf(ranking);
    forCellsAround(q.latitude, q.longitude, c.radius, (cell) => {
      const p = cell.packed ?? pack(store, cell);
      if (p.likelyAt.length === 0 || chordToBox(p, 0, c.cx, c.cy, c.cz) > c.maxChord) return;
      for (let k = 0; k < p.likelyAt.length; k++) {
        const i = p.likelyAt[k];
        const slot = p.slots[i];
        if (store.likelyWeightOf(slot, want) === 0 || c.extra.has(slot)) continue;
        if (c.category !== null && store.category[slot] !== c.category) continue;
        const bits = p.vibes[i];
        if (bits === -1 ? hasWantedVibe(c, slot) : (bits & c.wantMask) !== 0) continue;
        if (!hoursPass(c, p.hours[i])) continue;
        const chord = chordInside(c, p, i);
        if (chord < 0) continue;
        const meters = chordToMeters(chord);
        factsSlot = slot;
        const tier = tierOf(p.hours[i]);
        found.push({ slot, tier, score: ranking.score(facts, meters), meters, id: store.ids[slot] });
      }
    });
    found.sort((a, b) => a.tier - b.tier || b.score - a.score || a.meters - b.meters || a.id - b.id);
    const hits = found.slice(q.skip ?? 0, Math.max(0, q.limit)).map((f) => ({ venue: store.venue(f.slot), meters: f.meters }));
    return { hits, count: Math.min(found.length, countCap + 1) };
  }, "likelyRank");
  const reachOf = /* @__PURE__ */ __name((c, q, most) => {
    let n = 0;
    const holding = [];
    forCellsAround(q.latitude, q.longitude, c.radius, (cell) => {
      if (n > most) return;
      const p = cell.packed ?? pack(store, cell);
      if (chordToBox(p, 0, c.cx, c.cy, c.cz) > c.maxChord) return;
      const here = keptCount(c, p, 0);
      if (here === 0) return;
      n += here;
      holding.push(p);
    });
    return { reach: n + c.extra.size, holding };
  }, "reachOf");
  const rank = /* @__PURE__ */ __name((q, ranking) => {
    const c = circleOf(q);
    const { reach, holding } = q.limit > 0 && scanBelow > 0 ? reachOf(c, q, scanBelow) : { reach: Infinity, holding: [] };
    const scan = reach <= scanBelow;
    const count = scan ? 0 : countCircle(c, q);
    if (!scan && (q.limit <= 0 || count === 0)) return { hits: [], count };
    const { cx, cy, cz, maxChord } = c;
    ranked.reset(scan ? Math.min(q.limit, reach) : count > countCap ? q.limit : Math.min(q.limit, count));
    const tierOf = tiersOf(ranking);
    const fit = ranking.fit && popularFit(ranking.fit.key) ? ranking.fit : null;
    const exactFits = fit !== null && (ranking.vibes?.length ?? 0) > 1;
    const exactFor = /* @__PURE__ */ __name((p, g) => exactFits && g > 0 && !p.aside[g], "exactFor");
    const ids = store.ids;
    const offer = /* @__PURE__ */ __name((slot, meters) => {
      factsSlot = slot;
      ranked.offer(slot, tierOf(store.hours[slot]), ranking.score(facts, meters), meters, ids[slot]);
    }, "offer");
    const outliers = /* @__PURE__ */ new Set();
    for (const id of ranking.outliers ?? []) {
      const slot = store.slotOf.get(id);
      if (slot === void 0 || outliers.has(slot) || !passesWith(c, slot, store.vibeMaskOf(slot), store.hours[slot]))
        continue;
      const chord = slotChordInside(c, slot);
      if (chord < 0) continue;
      outliers.add(slot);
      offer(slot, chordToMeters(chord));
    }
    const claimed = c.extra.size ? claimedInside(c) : [];
    for (const { slot, chord } of claimed) offer(slot, chordToMeters(chord));
    let inside = claimed.length;
    const visit = /* @__PURE__ */ __name((p, i, fitOfVenue = Number.NaN, tierOfVenue = 0) => {
      const slot = p.slots[i];
      if (!passes(c, p, i, slot)) return;
      const chord = chordInside(c, p, i);
      if (chord < 0) return;
      inside++;
      if (outliers.size && outliers.has(slot)) return;
      const meters = chordToMeters(chord);
      if (Number.isNaN(fitOfVenue)) offer(slot, meters);
      else ranked.offer(slot, tierOfVenue, fit.bound(fitOfVenue, meters), meters, p.ids[i], fitOfVenue);
    }, "visit");
    if (scan) {
      for (const p of holding) eachWanted(c, p, (i) => visit(p, i));
      return { hits: ranked.drain(store, q.skip), count: Math.min(inside, countCap + 1) };
    }
    const thresholdVisit = /* @__PURE__ */ __name((p, g, orders, base, n, tier, meters) => {
      const columnOf = store.scoreColumns();
      bestOf = p;
      bestGroup = g;
      for (let r = 0; r < n; r++) {
        for (const order of orders) {
          const i = order[base + r];
          if (seenAt[i - p.from[g]] === seenStamp) continue;
          seenAt[i - p.from[g]] = seenStamp;
          visit(p, i);
        }
        if (!ranked.full) continue;
        thresholdRank = r;
        thresholdBase = base;
        thresholdOrders = orders;
        thresholdColumns = columnOf;
        if (ranked.excludes(tier, ranking.bound(threshold, meters), meters)) break;
      }
      thresholdOrders = null;
      thresholdColumns = null;
    }, "thresholdVisit");
    const fitVisit = /* @__PURE__ */ __name((p, v, tier, meters) => {
      const { order, values, end, skip } = v;
      for (let r = v.at; r < end; r++) {
        const i = order[r];
        const t2 = skip < 0 ? tier : tierOf(p.hours[i]);
        if (t2 === skip) continue;
        const score = fit.bound(values[i], meters);
        if (ranked.full && ranked.excludes(tier, score, meters)) return;
        if (queue.aheadOf(tier, score, meters)) {
          v.at = r;
          queue.push(p, RESUME, tier, score, meters, null, 0, v);
          return;
        }
        visit(p, i, values[i], t2);
      }
    }, "fitVisit");
    queue.reset();
    const keptFit = /* @__PURE__ */ __name((map, p, g, best, exact, tier = 0) => {
      let fits = map.get(fit.key);
      if (!fits) {
        if (map.size >= FIT_ORDERS_KEPT) map.delete(map.keys().next().value);
        fits = new Float64Array(p.groups).fill(Number.NaN);
        map.set(fit.key, fits);
      }
      if (!Number.isNaN(fits[g])) return fits[g];
      fits[g] = exact === null ? fit.of(
        (vibe) => best.vibeScore(vibe),
        () => best.rating
      ) : highestFit(store, p, g, fit, exact === "tier" ? tier : Number.NaN, tierOf);
      return fits[g];
    }, "keptFit");
    const groupTier = /* @__PURE__ */ __name((p, g) => {
      if (!ranking.tier) return 0;
      const key = ranking.tierKey;
      if (key !== void 0) {
        if (p.tiersKey !== key) {
          p.tiersKey = key;
          p.tiers.fill(Number.NaN);
        } else if (!Number.isNaN(p.tiers[g])) return p.tiers[g];
      }
      let tier = Infinity;
      if (g > 0)
        for (let u = p.runFrom[g]; u < p.runFrom[g + 1] && tier > 0; u++) tier = Math.min(tier, tierOf(p.runHours[u]));
      else
        for (let e = p.histFrom[g]; e < p.histFrom[g + 1] && tier > 0; e++)
          tier = Math.min(tier, tierOf(p.histHours[e]));
      if (key !== void 0) p.tiers[g] = tier;
      return tier;
    }, "groupTier");
    const byTier = /* @__PURE__ */ __name((p, g, tier) => g > 0 && ranking.tierKey !== void 0 && tier !== Infinity && p.runFrom[g + 1] - p.runFrom[g] > 1, "byTier");
    const groupFit = /* @__PURE__ */ __name((p, g, tier) => {
      const exact = exactFor(p, g);
      if (byTier(p, g, tier)) {
        aimTierBest(p, g, tier, ranking.tierKey, tierOf);
        return keptFit(tierBestOf.fits, p, g, tierBest, exact ? "tier" : null, tier);
      }
      bestOf = p;
      bestGroup = g;
      return keptFit(p.bestFits, p, g, groupBest, exact ? "part" : null);
    }, "groupFit");
    const consider = /* @__PURE__ */ __name((p, g) => {
      const chord = chordToBox(p, g, cx, cy, cz);
      if (chord > maxChord) return;
      const tier = groupTier(p, g);
      const meters = chordToMeters(chord);
      if (fit !== null) queue.push(p, g, tier, fit.bound(groupFit(p, g, tier), meters), meters);
      else if (byTier(p, g, tier)) {
        aimTierBest(p, g, tier, ranking.tierKey, tierOf);
        queue.push(p, g, tier, ranking.bound(tierBest, meters), meters);
      } else {
        bestOf = p;
        bestGroup = g;
        queue.push(p, g, tier, ranking.bound(groupBest, meters), meters);
      }
    }, "consider");
    const cursors = fit !== null && (!ranking.tier || ranking.tierKey !== void 0);
    const partOrder = /* @__PURE__ */ __name((p) => {
      const key = ranking.tierKey === void 0 ? fit.key : `${fit.key}|${ranking.tierKey}`;
      let order = p.partOrders.get(key);
      if (order) return order;
      const tiers2 = new Float64Array(p.groups);
      const fits = new Float64Array(p.groups);
      const groups = new Int32Array(p.groups - 1);
      for (let g = 1; g < p.groups; g++) {
        groups[g - 1] = g;
        tiers2[g] = groupTier(p, g);
        fits[g] = groupFit(p, g, tiers2[g]);
      }
      groups.sort((a, b) => tiers2[a] !== tiers2[b] ? tiers2[a] - tiers2[b] : fits[b] - fits[a] || a - b);
      order = {
        groups,
        tiers: Float64Array.from(groups, (g) => tiers2[g]),
        fits: Float64Array.from(groups, (g) => fits[g])
      };
      if (p.partOrders.size >= FIT_ORDERS_KEPT) p.partOrders.delete(p.partOrders.keys().next().value);
      p.partOrders.set(key, order);
      return order;
    }, "partOrder");
    const advance = /* @__PURE__ */ __name((p, order, at, cellMeters) => {
      const n = order.groups.length;
      for (; at < n; at++) {
        const tier = order.tiers[at];
        const score = fit.bound(order.fits[at], cellMeters);
        if (queue.aheadOf(tier, score, cellMeters)) {
          queue.push(p, CURSOR, tier, score, cellMeters, order, at);
          return;
        }
        const g = order.groups[at];
        const chord = chordToBox(p, g, cx, cy, cz);
        if (chord > maxChord) continue;
        const meters = chordToMeters(chord);
        queue.push(p, g, tier, fit.bound(order.fits[at], meters), meters);
      }
    }, "advance");
    forCellsAround(q.latitude, q.longitude, c.radius, (cell) => consider(cell.packed ?? pack(store, cell), 0));
    while (queue.size) {
      const e = queue.pop();
      const p = queue.packed[e];
      const g = queue.g[e];
      const tier = queue.tier[e];
      const score = queue.score[e];
      const meters = queue.meters[e];
      if (ranked.full && ranked.excludes(tier, score, meters)) break;
      if (g === RESUME) {
        fitVisit(p, queue.visit[e], tier, meters);
        continue;
      }
      if (g === CURSOR) {
        advance(p, queue.order[e], queue.at[e], meters);
        continue;
      }
      if (g === 0) {
        if (cursors) advance(p, partOrder(p), 0, meters);
        else for (let k = 1; k < p.groups; k++) consider(p, k);
        continue;
      }
      const n = p.to[g] - p.from[g];
      if (seenAt.length < n) seenAt = new Uint32Array(Math.max(n, 2 * seenAt.length));
      if (++seenStamp === 2 ** 32 - 1) {
        seenAt.fill(0);
        seenStamp = 1;
      }
      let rest = tier;
      if (ranking.tier && p.runFrom[g + 1] - p.runFrom[g] > 1) {
        rest = Infinity;
        for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
          const t2 = tierOf(p.runHours[u]);
          if (t2 > tier) rest = Math.min(rest, t2);
        }
        const key = ranking.tierKey;
        const byFit = fit !== null && key !== void 0 && !p.aside[g];
        const tks = !byFit && ranking.vibes && key !== void 0 && !p.aside[g] ? columnsOf(p, ranking.vibes) : null;
        if (byFit) {
          const { order, values } = tierFitOrder(p, g, tier, fit, key, tierOf);
          fitVisit(p, { order, values, at: 0, end: order.length, skip: -1 }, tier, meters);
        } else if (tks) {
          const lists = tks.map((k) => tierOrder(p, g, tier, k, key, tierOf));
          thresholdVisit(p, g, lists, 0, lists[0].length, tier, meters);
        } else
          for (let u = p.runFrom[g]; u < p.runFrom[g + 1]; u++) {
            if (tierOf(p.runHours[u]) > tier) continue;
            for (let i = p.runStart[u]; i < p.runStart[u + 1]; i++) {
              seenAt[i - p.from[g]] = seenStamp;
              visit(p, i);
            }
          }
        if (rest === Infinity) continue;
        bestOf = p;
        bestGroup = g;
        const restBound = fit !== null ? fit.bound(keptFit(p.bestFits, p, g, groupBest, exactFor(p, g) ? "part" : null), meters) : ranking.bound(groupBest, meters);
        if (ranked.full && ranked.excludes(rest, restBound, meters)) continue;
      }
      if (fit !== null && !p.aside[g]) {
        const f = fitOrder(store, p, g, fit);
        const skip = rest === tier ? -1 : tier;
        fitVisit(p, { order: f.order, values: f.fit, at: p.from[g], end: p.to[g], skip }, rest, meters);
        continue;
      }
      const ks = ranking.vibes && !p.aside[g] ? columnsOf(p, ranking.vibes) : null;
      if (!ks) {
        for (let i = p.from[g]; i < p.to[g]; i++) if (seenAt[i - p.from[g]] !== seenStamp) visit(p, i);
        continue;
      }
      thresholdVisit(
        p,
        g,
        ks.map((k) => orderByScore(store, p, k)),
        p.from[g],
        n,
        rest,
        meters
      );
    }
    bestOf = null;
    return { hits: ranked.drain(store, q.skip), count };
  }, "rank");
  return {
    get size() {
      return store.size;
    },
    get unindexed() {
      let n = 0;
      for (const cell of cells.values()) if (cell.packed === null) n++;
      return n;
    },
    async within(q) {
      if (q.likely) throw new Error("within() does not search likely venues: use best()");
      await ready();
      const c = circleOf(q);
      const { cx, cy, cz, radius, maxChord, surelyIn } = c;
      if (q.limit <= 0) return [];
      nearest.reset(q.limit, store.ids);
      const take = /* @__PURE__ */ __name((p, i) => {
        const slot = p.slots[i];
        if (c.category !== null && store.category[slot] !== c.category) return;
        const dx = p.x[i] - cx;
        const dy = p.y[i] - cy;
        const dz = p.z[i] - cz;
        const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (chord > nearest.bound) return;
        if (chord > surelyIn && (chord > maxChord || chordToMeters(chord) > radius)) return;
        if (!hoursPass(c, p.hours[i])) return;
        nearest.offer(slot, chord);
      }, "take");
      const scan = /* @__PURE__ */ __name((p) => {
        if (c.wantVibes !== null || p.groups <= 2) {
          eachWanted(c, p, (i) => take(p, i));
          return;
        }
        let n = 0;
        for (let g = 1; g < p.groups; g++) {
          const chord = chordToBox(p, g, cx, cy, cz);
          if (chord > maxChord || chord > nearest.bound) continue;
          partChords[g] = chord;
          partsNear[n++] = g;
        }
        const order = partsNear.subarray(0, n).sort((a, b) => partChords[a] - partChords[b]);
        for (let k = 0; k < n; k++) {
          const g = order[k];
          if (partChords[g] > nearest.bound) break;
          for (let i = p.from[g]; i < p.to[g]; i++) take(p, i);
        }
      }, "scan");
      const visit = /* @__PURE__ */ __name((cell) => {
        const p = cell.packed ?? pack(store, cell);
        const minChord = chordToBox(p, 0, cx, cy, cz);
        if (minChord <= maxChord) visits.push({ cell: p, minChord });
      }, "visit");
      forCellsAround(q.latitude, q.longitude, radius, visit);
      visits.sort((a, b) => a.minChord - b.minChord);
      for (const { cell, minChord } of visits) {
        if (minChord > nearest.bound) break;
        scan(cell);
      }
      visits.length = 0;
      for (const { slot, chord } of c.extra.size ? claimedInside(c) : []) nearest.offer(slot, chord);
      return nearest.drain(store, q.skip);
    },
    async count(q) {
      await ready();
      if (q.likely) return likelyRank({ ...q, limit: 0 }, { score: /* @__PURE__ */ __name(() => 0, "score"), bound: /* @__PURE__ */ __name(() => 0, "bound") }).count;
      return countCircle(circleOf(q), q);
    },
    async best(q, ranking) {
      await ready();
      return q.likely ? likelyRank(q, ranking) : rank(q, ranking);
    },
    async byIds(ids) {
      await ready();
      const out = /* @__PURE__ */ new Map();
      for (const id of ids) {
        const slot = store.slotOf.get(id);
        if (slot !== void 0) out.set(id, store.venue(slot));
      }
      return out;
    },
    async close() {
      stop();
    }
  };
}
__name(createVenueCatalog, "createVenueCatalog");

// src/server/db/per-user-cache.ts
var PerUserTtlCache = class {
  constructor(keepMs, max = 1e5) {
    this.keepMs = keepMs;
    this.max = max;
  }
  keepMs;
  max;
  static {
    __name(this, "PerUserTtlCache");
  }
  entries = /* @__PURE__ */ new Map();
  keysOf = /* @__PURE__ */ new Map();
  /** Counts every forgetting. */
  epoch = 0;
  /** The epoch at which each user was last forgotten (while it can matter to a read under way). */
  forgottenAt = /* @__PURE__ */ new Map();
  allForgottenAt = 0;
  get(key) {
    const entry = this.entries.get(key);
    if (!entry) return void 0;
    if (entry.until > Date.now()) return entry.value;
    this.drop(key);
    return void 0;
  }
  /** Keeps `value` under `key` for `userId`, unless something was forgotten since `readEpoch`. */
  keep(key, userId, value, readEpoch) {
    if (this.keepMs <= 0 || this.allForgottenAt > readEpoch || (this.forgottenAt.get(userId) ?? 0) > readEpoch) return;
    this.drop(key);
    if (this.entries.size >= this.max) this.drop(this.entries.keys().next().value);
    this.entries.set(key, { value, userId, until: Date.now() + this.keepMs });
    const keys = this.keysOf.get(userId) ?? this.keysOf.set(userId, /* @__PURE__ */ new Set()).get(userId);
    keys.add(key);
  }
  drop(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysOf.get(entry.userId);
    keys?.delete(key);
    if (keys && !keys.size) this.keysOf.delete(entry.userId);
  }
  /** The user of a kept key, if it is kept. */
  userOf(key) {
    return this.entries.get(key)?.userId;
  }
  forget(userId) {
    this.epoch++;
    if (this.forgottenAt.size >= this.max) {
      this.forgottenAt.clear();
      this.allForgottenAt = this.epoch;
    }
    this.forgottenAt.set(userId, this.epoch);
    for (const key of this.keysOf.get(userId) ?? []) this.entries.delete(key);
    this.keysOf.delete(userId);
  }
  forgetAll() {
    this.epoch++;
    this.allForgottenAt = this.epoch;
    this.forgottenAt.clear();
    this.entries.clear();
    this.keysOf.clear();
  }
  get size() {
    return this.entries.size;
  }
};

// src/server/venues/favorites.ts
var FAVORITES_KEEP_MS = 3e4;
function createFavoriteStore(db2, changes2) {
  const kept = new PerUserTtlCache(FAVORITES_KEEP_MS);
  const stop = changes2.on("favorites", (changed) => {
    if (changed === "*") kept.forgetAll();
    else for (const id of changed) kept.forget(id);
  });
  return {
    async of(userId) {
      const hit = kept.get(userId);
      if (hit) return hit;
      const readAt = kept.epoch;
      const rows = await db2.query("SELECT venue_id FROM favorites WHERE user_id = $1", [userId]);
      const ids = new Set(rows.map((r) => r.venue_id));
      kept.keep(userId, userId, ids, readAt);
      return ids;
    },
    close: stop
  };
}
__name(createFavoriteStore, "createFavoriteStore");

// src/shared/units.ts
var METERS_PER_MILE = KM_PER_MILE * 1e3;
var metersToMilesString = /* @__PURE__ */ __name((meters) => (meters / METERS_PER_MILE).toFixed(1), "metersToMilesString");

// src/server/venues/live-state.ts
async function loadVenueState({ live, favorites }, venueIds, userId) {
  if (!venueIds.length) return { live: /* @__PURE__ */ new Map(), favorites: /* @__PURE__ */ new Set() };
  const [vibes, saved] = await Promise.all([live.vibes(venueIds), userId ? favorites.of(userId) : /* @__PURE__ */ new Set()]);
  return { live: vibes, favorites: saved };
}
__name(loadVenueState, "loadVenueState");

// src/server/db/sql.ts
var likeContains = /* @__PURE__ */ __name((s) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`, "likeContains");

// src/server/providers/venue-source.ts
var FETCH_DEFAULTS = { maxBackoffMs: 8e3, retryAfterCapMs: 1e4, maxBytes: 32 * 1024 * 1024 };

// src/server/providers/google-places.ts
var GOOGLE_ATTRIBUTION = "Place data (c) Google";
var GOOGLE_FIELDS = [
  "places.id",
  "places.displayName",
  "places.formattedAddress",
  "places.location",
  "places.types",
  "places.primaryType",
  "places.businessStatus",
  "places.rating",
  "places.userRatingCount",
  "places.nationalPhoneNumber",
  "places.websiteUri",
  "places.regularOpeningHours.weekdayDescriptions",
  "places.editorialSummary",
  "places.priceLevel",
  "places.liveMusic",
  "places.goodForGroups",
  "places.goodForWatchingSports",
  "places.servesCocktails",
  "places.servesWine",
  "places.servesBeer",
  "places.servesCoffee",
  "places.outdoorSeating",
  "places.reservable",
  "places.allowsDogs",
  "places.goodForChildren",
  "places.reviews",
  "places.photos"
];
var GOOGLE_FIELD_MASK = GOOGLE_FIELDS.join(",");
var M_PER_DEG_LAT = 63710088e-1 * Math.PI / 180;

// src/server/vibes/model.ts
import { fileURLToPath } from "node:url";

// src/server/vibes/model-features.ts
var NEGATORS = new Set(
  "not|no|never|without|nothing|none|nobody|nowhere|neither|nor|hardly|barely|scarcely|cannot|lack|lacks|lacked|lacking".split("|")
);
var APOSTROPHE_LESS_NOT = new Set(
  "isnt|wasnt|arent|werent|dont|doesnt|didnt|cant|couldnt|wont|wouldnt|shouldnt|aint|havent|hasnt|hadnt".split("|")
);

// src/server/vibes/data/lexicon.ts
var V = /* @__PURE__ */ __name((phrases, weights, opts = {}) => phrases.split("|").map((phrase) => ({ kind: "vibe", phrase: phrase.trim(), weights, ...opts })), "V");
var CROWD_NEG = { Quiet: 0.55, Chill: 0.1 };
var LEXICON = [
  // ---- Romantic
  ...V("date night|date nights|date spot|date place|date night spot|romantic spot", { Romantic: 1.2, Social: 0.1 }),
  ...V("first date|a date|on a date|perfect date|great date|anniversary|anniversaries", { Romantic: 1, Social: 0.1 }),
  ...V("date", { Romantic: 0.5 }, { ctx: "food" }),
  ...V("romantic|romantically|romance|valentine|valentines|valentine's day|honeymoon|rose petals", { Romantic: 1.1 }),
  ...V("proposal|proposed|engagement|engaged", { Romantic: 0.7 }),
  ...V("candlelit|candle lit|candlelight|candle light|by candlelight", { Romantic: 1, Cozy: 0.6 }),
  ...V("candle|candles|tea lights", { Romantic: 0.6, Cozy: 0.45 }),
  ...V("intimate|intimacy", { Romantic: 0.8, Cozy: 0.5, Quiet: 0.1 }),
  ...V("couples|for couples", { Romantic: 0.5, Social: 0.1 }),
  ...V(
    "boyfriend and i|girlfriend and i|husband and i|wife and i|fiance and i|fiancee and i|partner and i|hubby and i|date and i",
    { Romantic: 0.18 }
  ),
  ...V("set the mood|sets the mood|setting the mood|mood lighting", { Romantic: 0.8, Cozy: 0.3 }),
  ...V(
    "dim lighting|dimly lit|dim lights|low lighting|low light|soft lighting|soft light|warm lighting|warm light|warm lights|fairy lights|string lights",
    { Cozy: 0.65, Romantic: 0.5 }
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
  ...V("cozy|cosy|cozier|cosier|coziest|cosiest|coziness|cosiness|cozily", { Cozy: 1, Relaxed: 0.15 }),
  ...V("snug|snuggle|snuggled|hygge|curl up", { Cozy: 0.9, Relaxed: 0.15 }),
  ...V("fireplace|fireplaces|fire place|log fire|open fire|roaring fire|wood stove|fire pit|firepit", {
    Cozy: 1,
    Romantic: 0.15,
    Relaxed: 0.1
  }),
  ...V("warm|warmth", { Cozy: 0.6, Romantic: 0.1 }, { ctx: "atmo" }),
  ...V("warm and fuzzy|warm and cozy|warm and inviting|warm and welcoming", { Cozy: 1.1, Relaxed: 0.1 }),
  ...V("homey|homely|homy|homelike|feels like home|like home|home away from home|like being at home", {
    Cozy: 0.9,
    Relaxed: 0.15
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
    Chill: 0.15
  }),
  ...V(
    "little place|little spot|little cafe|little bar|little restaurant|little shop|little nook|little corner|little bistro",
    { Cozy: 0.5 }
  ),
  ...V("small|tiny", { Cozy: 0.25 }, { ctx: "atmo" }),
  ...V("regulars|know your name|knows your name", { Cozy: 0.35, Social: 0.35 }),
  // ---- Chill
  ...V(
    "chill|chill out|chilled out|chillout|chillax|chill vibe|chill vibes|chill spot",
    { Chill: 1, Relaxed: 0.4 },
    { ctx: "food" }
  ),
  ...V("chilling|chillin", { Chill: 0.6, Relaxed: 0.15 }),
  ...V("cool vibe|cool vibes|cool atmosphere|cool spot|cool place", { Chill: 0.5, Upbeat: 0.15 }),
  ...V("laid back|laidback|easygoing|easy going", { Chill: 1, Relaxed: 0.7 }),
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
  ...V("relaxed|relaxing|relax|relaxation|relaxes", { Relaxed: 1, Chill: 0.15 }),
  ...V("unwind|unwinding|decompress|wind down", { Relaxed: 0.9, Chill: 0.15 }),
  ...V("no rush|unhurried|leisurely|take your time|at your own pace|linger|lingered", { Relaxed: 0.6, Chill: 0.15 }),
  ...V("patio|patios|terrace|terraces|courtyard|deck", { Relaxed: 0.5, Chill: 0.15 }),
  ...V("outdoor seating|outdoor dining|outdoor patio|al fresco|alfresco|sidewalk tables", {
    Relaxed: 0.55,
    Chill: 0.15
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
  ...V("quiet|quieter|quietest|quietly", { Quiet: 1, Chill: 0.15 }),
  ...V("peace and quiet|hear yourself think|hear each other|hear one another|hear your friends|hear my friends", {
    Quiet: 1.2
  }),
  ...V("peaceful|peacefully", { Quiet: 0.7, Chill: 0.6, Relaxed: 0.6 }),
  ...V("silent|silence|hushed|hush|whisper|whispering", { Quiet: 0.8 }),
  ...V("can talk|could talk|easy to talk|able to talk|talk to each other|have a conversation|actually talk", {
    Quiet: 0.7,
    Social: 0.15
  }),
  ...V("empty|emptied", { Quiet: 0.7 }, { ctx: "atmo", neg: { Energetic: 0.3, Social: 0.15 } }),
  ...V("vacant|deserted|uncrowded|not crowded", { Quiet: 0.7, Relaxed: 0.15 }),
  ...V("the only customers|the only people|the only ones|the only guests|the only table|only ones there", {
    Quiet: 0.7
  }),
  ...V(
    "only #num others|only #num other people|only #num people|only #num tables|only #num other tables|only #num customers|only #num other customers|only #num guests|only #num diners|only a few people|only a few tables|only a handful",
    { Quiet: 0.6 }
  ),
  ...V("library|reading room", { Quiet: 0.8, Focused: 0.6 }),
  ...V("quiet corner|quiet spot|quiet place", { Quiet: 1, Focused: 0.3, Cozy: 0.15 }),
  ...V("low volume", { Quiet: 0.6 }),
  // ---- Loud
  ...V("loud|louder|loudest", { Loud: 1 }),
  ...V("loudly", { Loud: 0.5 }),
  ...V("noisy|noisier|noisiest", { Loud: 1 }),
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
    { neg: CROWD_NEG }
  ),
  ...V(
    "busy|busier|busiest",
    { Energetic: 0.45, Loud: 0.18, Social: 0.1 },
    { ctx: "food", neg: { Quiet: 0.6, Chill: 0.1 } }
  ),
  ...V("full", { Energetic: 0.3, Social: 0.15 }, { ctx: "atmo", neg: { Quiet: 0.4 } }),
  ...V("crowd|crowds", { Social: 0.15, Energetic: 0.1 }, { neg: { Quiet: 0.3 } }),
  ...V("sports bar|sports bars|sports pub", { Social: 0.7, Loud: 0.6, Energetic: 0.5 }),
  ...V(
    "watch the game|watching the game|watch sports|watching sports|sporting events|sporting event|game day|big game|the game on",
    { Social: 0.55, Energetic: 0.45, Loud: 0.15 }
  ),
  ...V("tvs|tv|screens|big screen|big screens|flat screens", { Social: 0.18, Loud: 0.1 }),
  // ---- Energetic
  ...V("energetic|high energy|full of energy", { Energetic: 1.1, Upbeat: 0.3 }),
  ...V("energy", { Energetic: 0.7, Upbeat: 0.15 }, { ctx: "food" }),
  ...V(
    "lively|vibrant|buzzing|buzzy|bustling|hopping|hustle and bustle",
    { Energetic: 0.8, Upbeat: 0.6, Social: 0.3 },
    { ctx: "food" }
  ),
  ...V("buzz", { Energetic: 0.5, Social: 0.15 }, { ctx: "food" }),
  ...V("electric|electrifying", { Energetic: 0.9, Upbeat: 0.15 }, { ctx: "atmo" }),
  ...V("exciting|excitement", { Energetic: 0.55, Upbeat: 0.4 }, { ctx: "food" }),
  ...V("wild|crazy crowd|crazy crowds|crazy busy", { Energetic: 0.7, Loud: 0.4 }, { ctx: "food" }),
  ...V("sweaty|pumping|jumping|turnt|turned up|rager", { Energetic: 0.65, Loud: 0.35 }, { ctx: "food" }),
  ...V("dance floor|dancefloor|dance floors", { Energetic: 1, Upbeat: 0.7, Loud: 0.5, Social: 0.15 }),
  ...V("dancing|dance|danced|dances|dance party|dance parties", { Energetic: 0.8, Upbeat: 0.6, Social: 0.15 }),
  ...V("dj|djs|deejay|dj set|live dj", { Energetic: 0.8, Loud: 0.55, Upbeat: 0.55 }),
  ...V(
    "club|clubs|nightclub|nightclubs|clubbing|rave|raves",
    { Energetic: 0.7, Loud: 0.55, Social: 0.15 },
    { ctx: "food" }
  ),
  ...V("edm|techno|house music|hip hop|hiphop|reggaeton|top 40", { Energetic: 0.8, Loud: 0.45, Upbeat: 0.5 }),
  ...V("party|parties|partying|partied", { Social: 0.5, Energetic: 0.45, Upbeat: 0.35 }),
  ...V("nightlife|night out|nights out", { Energetic: 0.55, Social: 0.5 }),
  ...V("all night|late night|late nights|till close|until close", { Energetic: 0.15 }),
  ...V("shots|shot of|round of shots", { Energetic: 0.35, Social: 0.35 }, { ctx: "food" }),
  ...V("bachelorette|bachelor party|bachelorette party|hen party|stag party", {
    Social: 1,
    Energetic: 0.6,
    Loud: 0.3
  }),
  ...V("energizing|energising|invigorating", { Energetic: 0.8, Upbeat: 0.5 }),
  // ---- Upbeat
  ...V("upbeat|up beat|cheerful|cheery|joyful|joyous|festive", { Upbeat: 1, Social: 0.1 }),
  ...V(
    "fun|so much fun|funnest|fun atmosphere|fun vibe",
    { Upbeat: 0.6, Social: 0.15, Energetic: 0.12 },
    { ctx: "food" }
  ),
  ...V("a blast|had a blast|such a blast", { Upbeat: 0.9, Energetic: 0.5, Social: 0.3 }),
  ...V("good time|great time|fun time|good times|great times|fun night|great night", { Upbeat: 0.55, Social: 0.3 }),
  ...V("good vibes|great vibes|good vibe|great vibe|positive vibes|happy vibes|feel good|feelgood", {
    Upbeat: 0.6,
    Social: 0.15
  }),
  ...V("playful|lighthearted|light hearted", { Upbeat: 0.6, Creative: 0.15 }),
  ...V(
    "playlist|tunes|good music|great music|awesome music|music is great|music was great|music was good|music is good",
    { Upbeat: 0.55, Social: 0.1 }
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
    { "Live Music": 1.3, Upbeat: 0.15 }
  ),
  ...V("band|bands|cover band|cover bands|house band|jazz band|jazz trio|jazz night|jazz combo", {
    "Live Music": 0.9,
    Upbeat: 0.1
  }),
  ...V("musician|musicians|singer|singers|guitarist|guitarists|drummer|bassist|vocalist|pianist", {
    "Live Music": 0.85
  }),
  ...V("performer|performers|performance|performances|perform|performed|performing|performs", {
    "Live Music": 0.55,
    Creative: 0.15
  }),
  ...V("gig|gigs|concert|concerts|recital|symphony|orchestra|on stage|the stage|small stage|tiny stage", {
    "Live Music": 0.9
  }),
  ...V("stage", { "Live Music": 0.5 }),
  ...V("trio|duo|quartet|quintet", { "Live Music": 0.5 }, { ctx: "food" }),
  ...V("acoustic|unplugged", { "Live Music": 0.6, Chill: 0.3 }),
  ...V("jazz", { "Live Music": 0.4, Relaxed: 0.3, Romantic: 0.15 }),
  ...V("blues", { "Live Music": 0.4, Chill: 0.15 }),
  ...V("piano", { "Live Music": 0.35, Romantic: 0.15, Relaxed: 0.15 }),
  ...V("piano bar|dueling pianos|duelling pianos", { "Live Music": 1, Social: 0.4, Upbeat: 0.4 }),
  ...V("jam session|jam sessions|jam night", { "Live Music": 1, Creative: 0.4 }),
  ...V("mariachi|mariachis|salsa band|brass band", { "Live Music": 1, Upbeat: 0.5 }),
  ...V("guitar|drums|saxophone|sax|trumpet", { "Live Music": 0.5 }),
  // ---- Country Music
  ...V(
    "country music|country band|country bands|country singer|country night|country western|country and western|country bar|country songs",
    { "Country Music": 1.3, "Live Music": 0.15 }
  ),
  ...V("honky tonk|honkytonk|honky tonks|hoedown|barn dance", { "Country Music": 1.3, Energetic: 0.4, Loud: 0.15 }),
  ...V("line dancing|line dance|line dances|two step|two stepping|square dancing|boot scootin", {
    "Country Music": 1.1,
    Energetic: 0.6,
    Social: 0.15
  }),
  ...V("bluegrass|americana|outlaw country|steel guitar|pedal steel|twang|twangy", {
    "Country Music": 1,
    "Live Music": 0.3
  }),
  ...V("fiddle|fiddles|fiddler|banjo|banjos", { "Country Music": 0.8, "Live Music": 0.6 }),
  ...V("cowboy|cowboys|cowboy boots|cowboy hats|cowgirl|cowgirls|rodeo|western bar|western saloon|nashville", {
    "Country Music": 0.65
  }),
  ...V("boots", { "Country Music": 0.3 }),
  ...V(
    "garth brooks|dolly parton|johnny cash|willie nelson|george strait|luke bryan|shania twain|kenny chesney|chris stapleton|merle haggard|hank williams|patsy cline|waylon jennings|reba",
    { "Country Music": 1 }
  ),
  ...V("saloon|saloons", { "Country Music": 0.6, Whiskey: 0.45, Social: 0.15 }),
  ...V("mechanical bull", { "Country Music": 0.5, Energetic: 0.6, Adventurous: 0.5 }),
  ...V("jukebox", { Upbeat: 0.15, "Country Music": 0.1, Chill: 0.1 }),
  // ---- Whiskey
  ...V(
    "whiskey|whisky|whiskeys|whiskies|bourbon|bourbons|scotch|scotches|single malt|single malts",
    { Whiskey: 1.2 },
    { ctx: "food" }
  ),
  ...V(
    "whiskey bar|whisky bar|bourbon bar|scotch bar|whiskey list|bourbon list|scotch list|whiskey selection|bourbon selection|whiskey flight|bourbon flight|scotch flight",
    { Whiskey: 1.3, Social: 0.1 }
  ),
  ...V("malt|malts|rye", { Whiskey: 0.5 }, { ctx: "food" }),
  ...V("distillery|distilleries|dram|drams|neat pour|on the rocks|old fashioned|old fashioneds|sazerac|manhattans", {
    Whiskey: 0.7
  }),
  ...V(
    "jameson|jack daniels|jack daniel's|jim beam|maker's mark|makers mark|johnnie walker|glenlivet|glenfiddich|lagavulin|laphroaig|macallan|pappy van winkle|buffalo trace|woodford|bulleit|fireball",
    { Whiskey: 1 }
  ),
  ...V("moonshine", { Whiskey: 0.8, "Country Music": 0.15 }),
  ...V("speakeasy|speakeasies|speak easy", { Adventurous: 0.6, Romantic: 0.15, Cozy: 0.15, Whiskey: 0.15 }),
  // ---- Social
  ...V("social|socialize|socialise|socializing|socialising", { Social: 0.9 }),
  ...V("mingle|mingling|meet people|meet new people|meeting people|make friends|making friends", { Social: 1 }),
  ...V(
    "great for groups|good for groups|perfect for groups|ideal for groups|great for large groups|good for large groups",
    { Social: 1.2 }
  ),
  ...V(
    "large group|big group|large groups|big groups|large party|big party|group of #num|party of #num|our party|our group|my group|whole group|whole gang",
    { Social: 0.8 }
  ),
  ...V("group|groups", { Social: 0.35 }),
  ...V(
    "with friends|with my friends|with a few friends|with some friends|with your friends|with our friends|friends and i|meet friends|meeting friends|catch up|catching up|get together|get togethers|gathering|gatherings|reunion",
    { Social: 0.8 }
  ),
  ...V("friends", { Social: 0.18 }),
  ...V("good company|great company|company was good|company was great|company was better", { Social: 0.6 }),
  ...V("strangers|everyone chatting|chatting|chat|chatty|chatter", { Social: 0.4 }),
  ...V("communal|communal tables|communal table|shared tables|long tables|family style|sharing plates|shared plates", {
    Social: 0.9
  }),
  ...V(
    "ladies night|girls night|girls' night|guys night|boys night|girls night out|team dinner|work party|office party|team outing|after work drinks|after work crowd",
    { Social: 0.9, Upbeat: 0.15 }
  ),
  ...V("family", { Social: 0.2, Cozy: 0.1 }),
  ...V("family dinner|family meal|family gathering|family get together", { Social: 0.55, Cozy: 0.1 }),
  ...V("happy hour|happy hours", { Social: 0.7, Upbeat: 0.15 }),
  ...V("trivia|trivia night|quiz night|pub quiz", { Social: 0.8, Upbeat: 0.15, Focused: 0.1 }),
  ...V("board games|board game|game night|games|card games", { Social: 0.6, Chill: 0.15 }),
  ...V("pool table|pool tables|billiards|darts|shuffleboard|foosball|ping pong|cornhole|skee ball|beer pong", {
    Social: 0.6,
    Chill: 0.15,
    Energetic: 0.15
  }),
  ...V("bowling|bowling alley|to bowl", { Social: 0.65, Energetic: 0.3 }),
  ...V("arcade|arcades", { Energetic: 0.5, Social: 0.5, Adventurous: 0.15 }),
  ...V("bar|bars", { Social: 0.15 }),
  ...V("pub|pubs|tavern|taverns", { Social: 0.3, Cozy: 0.18 }),
  ...V("at the bar|bar area|bar seating|bar scene|bar stools", { Social: 0.4, Energetic: 0.1 }),
  ...V("drinks|beers", { Social: 0.15 }),
  ...V(
    "a couple drinks|a couple of drinks|grab drinks|grab a drink|for drinks|have a drink|have drinks|drinks with|beers with|grab a beer|grab a few beers",
    { Social: 0.5 }
  ),
  ...V("young crowd|college crowd|lively crowd|fun crowd|great crowd|good crowd|friendly crowd|mixed crowd", {
    Social: 0.5,
    Energetic: 0.35,
    Upbeat: 0.15
  }),
  ...V("community|neighbors|neighbours", { Social: 0.45, Cozy: 0.15 }),
  // ---- Creative
  ...V("creative|creativity|creatively|creatives", { Creative: 1 }),
  ...V("art|artwork|artworks|art work|art on the walls|art deco", { Creative: 0.7 }),
  ...V("artist|artists|artsy|arty|artistic|local artists|local artist|local art", { Creative: 0.9 }),
  ...V(
    "gallery|galleries|mural|murals|sculpture|sculptures|installation|installations|exhibit|exhibits|exhibition|exhibitions|graffiti|street art",
    { Creative: 0.95 }
  ),
  ...V("painting|paintings|painted walls|pottery|ceramics|crafts|craft night|knitting|sketching", { Creative: 0.65 }),
  ...V("paint and sip|sip and paint|paint night|paint nights|art class|art classes|pottery class|workshop|workshops", {
    Creative: 1,
    Social: 0.15
  }),
  ...V("poetry|poet|poets|spoken word|poetry slam|poetry night|book reading|readings|storytelling", {
    Creative: 1,
    Quiet: 0.1
  }),
  ...V("open mic|open mike|open mics|open mic night|songwriter|songwriters|singer songwriter|singer songwriters", {
    Creative: 0.9,
    "Live Music": 0.75,
    Social: 0.15
  }),
  ...V("improv|comedy|stand up|standup|comedian|comedians|comedy night", { Creative: 0.55, Upbeat: 0.45, Social: 0.3 }),
  ...V("drag show|drag brunch|drag queens|drag queen|burlesque|cabaret", {
    Creative: 0.6,
    Upbeat: 0.6,
    Social: 0.3,
    Energetic: 0.3
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
    { Creative: 0.75 }
  ),
  ...V("decor|decorated|decoration|decorations", { Creative: 0.12 }),
  ...V("calligraphy|design|designer", { Creative: 0.3 }),
  ...V("writers|journaling", { Creative: 0.45, Focused: 0.4 }),
  ...V("studio", { Creative: 0.4 }),
  ...V("craft cocktails|mixology|mixologist|mixologists|flair bartending", { Creative: 0.5, Social: 0.15 }),
  ...V("interesting", { Creative: 0.15, Adventurous: 0.15 }),
  // ---- Adventurous
  ...V("adventurous|adventure|adventures|adventurer|adventurers", { Adventurous: 1 }),
  ...V("hidden gem|hidden gems|off the beaten path|off the beaten track|not for the faint of heart|faint of heart", {
    Adventurous: 1.1
  }),
  ...V("neighborhood gem|neighbourhood gem|local gem", { Adventurous: 0.45, Cozy: 0.18 }),
  ...V("gem|gems", { Adventurous: 0.35 }),
  ...V("hole in the wall|hole in the walls", { Adventurous: 0.9, Chill: 0.15 }),
  ...V("off the strip|off strip|off the grid", { Adventurous: 0.6 }),
  ...V("exotic|daring|unusual|unconventional|offbeat|off beat|out of the ordinary", {
    Adventurous: 0.85,
    Creative: 0.15
  }),
  ...V("bold|brave|dare|dared", { Adventurous: 0.6 }, { ctx: "food" }),
  ...V("thrill|thrills|thrilling|adrenaline", { Adventurous: 0.7, Energetic: 0.4 }),
  ...V("explore|exploring|stumbled upon|stumbled on|stumbled across", { Adventurous: 0.45 }),
  ...V("discover|discovering|venture|venturing|ventured", { Adventurous: 0.18 }),
  ...V(
    "secret|secret door|hidden door|hidden entrance|unmarked|unmarked door|no sign|password|hidden",
    { Adventurous: 0.6, Romantic: 0.1 },
    { ctx: "food" }
  ),
  ...V("tucked away", { Adventurous: 0.35, Cozy: 0.35 }),
  ...V(
    "something new|something different|try new things|new things|first time trying|never tried|tried something new|out of my comfort zone",
    { Adventurous: 0.55 }
  ),
  ...V("tasting menu|chef's tasting|omakase|chef's choice|mystery menu", { Adventurous: 0.6, Romantic: 0.15 }),
  ...V("surprise|surprises|surprising", { Adventurous: 0.25 }),
  ...V(
    "crickets|grasshoppers|chapulines|insects|scorpion|scorpions|snake|rattlesnake|alligator|gator|kangaroo|ostrich|frog legs|balut|durian",
    { Adventurous: 0.9 }
  ),
  ...V("tongue|tripe|offal|sweetbreads|chicken feet|escargot|sea urchin", { Adventurous: 0.5 }),
  ...V("ghost pepper|carolina reaper|spiciest|food challenge|eating challenge", { Adventurous: 0.7, Energetic: 0.15 }),
  ...V(
    "axe throwing|ax throwing|escape room|escape rooms|rock climbing|climbing wall|bouldering|zip line|zipline|go karts|paintball|laser tag",
    { Adventurous: 0.9, Energetic: 0.45, Social: 0.3 }
  ),
  // ---- Focused
  ...V("laptop friendly|laptop-friendly|work friendly|study friendly", { Focused: 1.3, Quiet: 0.3 }),
  ...V("laptop|laptops|macbook", { Focused: 0.9 }),
  ...V("wifi|wi fi|free wifi|fast wifi|good wifi|wireless", { Focused: 0.8 }),
  ...V("internet", { Focused: 0.4 }),
  ...V("outlet|outlets|power outlets|plugs", { Focused: 0.7 }),
  ...V("study|studying|studied|study spot|study session|homework|cram|cramming", { Focused: 1, Quiet: 0.3 }),
  ...V("students", { Focused: 0.35, Social: 0.1 }),
  ...V(
    "get work done|get some work done|getting work done|do some work|doing some work|do work|doing work|work remotely|working remotely|remote work|remote working|work from here|working from here|work from",
    { Focused: 1, Quiet: 0.15 }
  ),
  ...V("coworking|co working|workspace|work space", { Focused: 1, Social: 0.15 }),
  ...V("productive|productivity|concentrate|concentrating|concentration", { Focused: 0.8, Quiet: 0.15 }),
  ...V("focus|focused|focussed", { Focused: 0.45 }),
  ...V("thesis|dissertation|essay|essays|emails|spreadsheet|deadline", { Focused: 0.7 }),
  ...V("meeting|meetings|business meeting|client meeting|zoom call|zoom calls", { Focused: 0.4 }),
  ...V("desk|desks|big tables|large tables|headphones", { Focused: 0.35 }),
  ...V("to read|read a book|reading a book|read my book|good book|books|bookshelves|bookshelf|bookstore", {
    Focused: 0.45,
    Quiet: 0.35,
    Cozy: 0.1
  }),
  // ---- Emoji
  ...V("\u{1F389}|\u{1F973}|\u{1F38A}", { Upbeat: 0.5, Social: 0.35 }),
  ...V("\u{1F3B6}|\u{1F3B5}", { Upbeat: 0.3 }),
  ...V("\u{1F3B8}|\u{1F3B7}|\u{1F3BA}|\u{1F3BB}|\u{1F941}|\u{1F3A4}|\u{1FA95}", { "Live Music": 0.55 }),
  ...V("\u{1F943}", { Whiskey: 0.7 }),
  ...V("\u{1F920}", { "Country Music": 0.5 }),
  ...V("\u{1F483}|\u{1F57A}|\u{1FAA9}", { Energetic: 0.6, Upbeat: 0.4 }),
  ...V("\u{1F56F}|\u{1F339}|\u{1F942}", { Romantic: 0.4, Cozy: 0.15 }),
  ...V("\u{1F60C}|\u{1F9D8}", { Relaxed: 0.4, Chill: 0.3 }),
  ...V("\u{1F4DA}|\u{1F4BB}", { Focused: 0.5 }),
  ...V("\u{1F3A8}", { Creative: 0.6 }),
  ...V("\u{1F92B}", { Quiet: 0.4 }),
  ...V("\u{1F50A}|\u{1F4E2}", { Loud: 0.5 }),
  ...V("\u{1F37B}", { Social: 0.5 })
];
var NEGATOR_WORDS = "not|no|never|cannot|hardly|barely|scarcely|without|nothing|none|nobody|neither|nor|lack|lacks|lacked|lacking|non|zero|isnt|wasnt|arent|werent|dont|doesnt|didnt|cant|couldnt|wont|wouldnt|shouldnt|aint|havent|hasnt|hadnt|nowhere";
var INTENSIFIERS = [
  [
    "very|really|super|so|extremely|incredibly|truly|totally|absolutely|completely|thoroughly|utterly|insanely|ridiculously|seriously|highly|ultra|uber|mega|hella|wicked|amazingly|exceptionally|wonderfully|perfectly",
    1.5
  ],
  ["way too|far too|much too|super duper", 1.5],
  ["too|such|such a|most|damn|crazy|especially|genuinely|deeply|perfect for|ideal for", 1.3],
  ["quite|pretty|great for|definitely|always|good for", 1.15],
  ["a bit|a little|a little bit|slightly|somewhat|a tad|mildly|bit|a touch|touch of|a touch of|marginally", 0.5],
  ["kind of|kinda|sort of|sorta|moderately|semi", 0.6],
  ["fairly|relatively|reasonably", 0.7],
  ["rather|almost|nearly|mostly", 0.8]
];
var SKIPS = "at all|no doubt|no wonder|no matter|no problem|no worries|nothing but|all but|can't wait|cant wait|cannot wait|couldn't wait|not to mention|not bad|no complaints|lukewarm|luke warm|warm up|warmed up|warmed over|keep warm|kept warm|warming|salad bar|sushi bar|bar food|raw bar|oyster bar|granola bar|candy bar|snack bar|taco bar|juice bar|coffee bar|dessert bar|bar none|bar b q|sea bass|striped bass|chilean sea bass|state of the art|up to date|to date|expiration date|due date|club sandwich|club sandwiches|join the club|dark meat|dark chocolate|dark roast|full of flavor|full of flavour|full price|in full|hot dog|hot dogs|rock shrimp|energy drink|energy drinks|quiet down|this stage|that stage|at this stage|outlet mall|dim sum|lazy susan|party in your mouth|party in my mouth|olive garden|in my view|my view|point of view|full bar|full menu|full service|secret sauce";
var SKIPS_CANCELLING_BUT = "not only|not just|not merely";
var CONTRASTS = "but|however|yet|nevertheless|nonetheless|whereas|that said|having said that|on the other hand|even so|except";
var CONCESSIVES = "although|though|even though|despite|in spite of|albeit";
var CONDITIONALS = "if|unless|whether|in case";
var ATMO_CUES = new Set(
  "atmosphere|ambiance|ambience|ambient|vibe|vibes|feel|feeling|feels|mood|lighting|light|lights|lit|decor|decoration|room|rooms|place|spot|venue|bar|pub|lounge|cafe|restaurant|space|setting|interior|inside|crowd|music|seating|patio|booth|booths|corner|nook|night|evening|dining|building|joint|establishment|terrace|garden|fireplace|fire|welcome|welcomed|hall|club|vibe|environment|surroundings|decorated|atmospheric|staff|service|people|everyone|tables|candles|lamps|windows|sun|sunlight|walls".split("|")
);
var FOOD_WORDS = new Set(
  "food|foods|dish|dishes|meal|meals|plate|plates|bowl|cup|mug|glass|beer|beers|wine|bread|soup|coffee|tea|latte|espresso|drink|drinks|water|fries|pizza|burger|burgers|sandwich|sandwiches|sauce|sauces|meat|meats|chicken|beef|pork|steak|steaks|fish|salmon|shrimp|seafood|rice|pasta|noodles|salad|salads|chips|wings|bagel|bagels|taco|tacos|burrito|burritos|sushi|dessert|desserts|cake|cakes|pie|pies|cookie|cookies|ice|cream|cheese|egg|eggs|pancakes|pancake|waffle|waffles|sides|side|appetizer|appetizers|entree|entrees|flavor|flavors|flavour|flavours|taste|tastes|spice|spices|broth|chili|pepper|peppers|mushrooms|tortilla|tortillas|salsa|pho|curry|dough|crust|glaze|glazed|marinade|bacon|ham|sausage|butter|oil|veggies|vegetables|potatoes|potato|fruit|chocolate|cocktail|cocktails|stomach|belly|margarita|margaritas|sangria|mojito|milkshake|shake|smoothie|juice|soda|syrup|cider|fillet|filet|ribs|brisket|lamb|duck|tuna|oysters|lobster|crab|mussels|clams|toast|muffin|biscuits|biscuit|gravy|dressing|vinaigrette|mayo|cake|pastry|pastries|croissant|donut|donuts|bun|buns|portion|portions|flavored|flavorful|seasoned|seasoning|bite|bites|snack|snacks|dip|hummus|falafel|naan|dumplings|ramen|udon|pudding|tart|frosting|candy|salmon|trout|cod|halibut".split("|")
);
var NUMBER_WORDS = new Set(
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|dozen|few|couple|several|handful".split(
    "|"
  )
);

// src/server/vibes/words.ts
function foldText(text) {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
}
__name(foldText, "foldText");

// src/server/vibes/text.ts
var NUMBER_RE = /\p{N}+(?:[.,:]\p{N}+)*(?:am|pm|s|st|nd|rd|th)?/u;
var WORD_RE = /[\p{L}\p{M}\p{N}]+(?:['’ʼ][\p{L}\p{M}\p{N}]+)*/u;
var MARK_RE = /\p{Extended_Pictographic}|\.{2,}|…|[.!?;:,()[\]{}/—–]|(?<=\s|^)-{1,2}(?=\s|$)|\n/u;
var TOKEN_RE = new RegExp(`${NUMBER_RE.source}|${WORD_RE.source}|${MARK_RE.source}`, "gu");
var normalizeWord = /* @__PURE__ */ __name((raw) => foldText(raw).replace(/[’ʼ]/g, "'"), "normalizeWord");
var canon = /* @__PURE__ */ __name((norm) => norm.endsWith("'s") ? norm.slice(0, -2) : norm, "canon");
function tokenizePhrase(phrase) {
  return phrase.trim().split(/\s+/).flatMap(
    (piece) => piece === "#num" ? ["#num"] : [...piece.matchAll(TOKEN_RE)].map((m) => m[0]).filter((w) => !/^[.!?;:,()[\]{}/—–…-]/u.test(w)).map((w) => canon(normalizeWord(w)))
  ).filter(Boolean);
}
__name(tokenizePhrase, "tokenizePhrase");
var ROOT = { next: /* @__PURE__ */ new Map() };
var KNOWN = /* @__PURE__ */ new Set();
function insert(entry) {
  const words3 = tokenizePhrase(entry.phrase);
  if (!words3.length) return;
  let node = ROOT;
  for (const w of words3) {
    KNOWN.add(w);
    let next = node.next.get(w);
    if (!next) node.next.set(w, next = { next: /* @__PURE__ */ new Map() });
    node = next;
  }
  node.entry ??= entry;
}
__name(insert, "insert");
for (const phrase of NEGATOR_WORDS.split("|")) insert({ kind: "negator", phrase });
for (const phrase of SKIPS.split("|")) insert({ kind: "skip", phrase });
for (const phrase of SKIPS_CANCELLING_BUT.split("|")) insert({ kind: "skip", phrase, cancelsBut: true });
for (const phrase of CONTRASTS.split("|")) insert({ kind: "contrast", phrase, concessive: false });
for (const phrase of CONCESSIVES.split("|")) insert({ kind: "contrast", phrase, concessive: true });
for (const phrase of CONDITIONALS.split("|")) insert({ kind: "conditional", phrase });
for (const [list, factor] of INTENSIFIERS)
  for (const phrase of list.split("|")) insert({ kind: "intensity", phrase, factor });
for (const entry of LEXICON) insert(entry);
for (const w of [...ATMO_CUES, ...FOOD_WORDS]) KNOWN.add(w);

// src/server/vibes/model-reader.ts
var VIBE_INDEX = new Map(ALL_VIBES.map((v, i) => [v, i]));

// src/server/vibes/model.ts
var MODEL_FILE = fileURLToPath(new URL("../../../data/models/vibe-model-v3.json", import.meta.url));
var FUNCTION_WORDS = new Set(
  "a|an|the|and|or|of|to|in|on|at|for|with|by|from|as|is|was|were|are|be|been|it|its|this|that|we|i|my|our|you|he|she|they|them|their|me|us|had|has|have|did|do|so|but|if|then|there|here|just|all|very|too|not|no".split("|")
);

// src/server/vibes/prior.ts
function compile(entries) {
  return entries.map(([phrase, value]) => ({ words: phrase.split(" "), phrase, value })).sort((a, b) => b.words.length - a.words.length);
}
__name(compile, "compile");
var words2 = /* @__PURE__ */ __name((phrases) => compile(phrases.map((p) => [p, true])), "words");
var as = /* @__PURE__ */ __name((category2, phrases) => phrases.map((p) => [p, category2]), "as");
var NON_VENUE = words2([
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
  "DISCOUNT CLUB"
]);
var NIGHTCLUB = words2([
  "NIGHTCLUB",
  "NIGHT CLUB",
  "NITE CLUB",
  "DISCO",
  "DISCOTHEQUE",
  "DANCE CLUB",
  "DANCE HALL",
  "DANCEHALL",
  "ULTRA LOUNGE",
  "CABARET"
]);
var VENUE_WORDS = compile([
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
    "SPORTS BAR"
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
    "STEAK LOUNGE"
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
    "TEA LOUNGE"
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
    "DONUT SHOP"
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
    "SUPPER CLUB"
  ])
]);
var SHOP = words2([
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
  "CATERS"
]);
var FOOD_WORDS2 = compile([
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
    "OLIVE GARDEN"
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
    "COLD STONE"
  ])
]);
var CUISINE_WORDS = words2([
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
  "CAJUN"
]);
var NO_FALLBACK = words2([
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
  "HORNBLOWER"
]);
var NAME_ADJUSTMENTS = [
  { words: ["WINE", "VINO", "ENOTECA", "VINTNER"], deltas: { Romantic: 0.25, Cozy: 0.15, Relaxed: 0.1, Loud: -0.1 } },
  { words: ["WHISKEY", "WHISKY", "BOURBON", "SCOTCH"], deltas: { Whiskey: 0.6 } },
  {
    words: ["SALOON", "HONKY TONK", "HONKYTONK", "COUNTRY", "COWBOY", "RODEO"],
    deltas: { "Country Music": 0.45, Whiskey: 0.2 }
  },
  { words: ["BBQ", "BARBECUE", "BARBEQUE", "BAR B Q", "BAR B QUE", "SMOKEHOUSE"], deltas: { "Country Music": 0.25 } },
  {
    words: ["JAZZ", "BLUES", "MUSIC", "LIVE MUSIC", "PIANO", "CONCERT", "SUPPER CLUB"],
    deltas: { "Live Music": 0.5, Upbeat: 0.1 }
  },
  { words: ["KARAOKE"], deltas: { Loud: 0.2, Upbeat: 0.2, Social: 0.1, Energetic: 0.1 } },
  {
    words: ["TEA", "TEAHOUSE", "TEAROOM", "BOOK", "BOOKS", "BOOKSTORE", "LIBRARY", "READING"],
    deltas: { Quiet: 0.2, Cozy: 0.15, Focused: 0.1 }
  },
  {
    words: ["SPORTS"],
    deltas: { Loud: 0.25, Energetic: 0.2, Social: 0.15, Chill: -0.1 }
  },
  // games played say something about company, not about noise or energy (a pool hall is not a sports bar)
  { words: ["GAME", "GAMES", "ARCADE", "BILLIARDS", "POOL HALL", "BOWLING"], deltas: { Social: 0.15 } },
  { words: ["LOUNGE"], deltas: { Chill: 0.2, Relaxed: 0.15, Romantic: 0.1 } },
  {
    words: ["BISTRO", "TRATTORIA", "OSTERIA", "BRASSERIE", "RISTORANTE", "CANDLELIGHT"],
    deltas: { Romantic: 0.2, Cozy: 0.1 }
  },
  { words: ["COCKTAIL", "COCKTAILS", "SPEAKEASY", "MIXOLOGY"], deltas: { Romantic: 0.1, Social: 0.1, Creative: 0.1 } },
  { words: ["PUB", "TAVERN", "ALEHOUSE", "ALE HOUSE", "PUBLIC HOUSE", "IRISH"], deltas: { Cozy: 0.2, Social: 0.1 } },
  {
    words: ["BREWERY", "BREWING", "BREWPUB", "BEER", "TAPROOM", "TAP ROOM", "BIERGARTEN", "BEER GARDEN", "BEER HALL"],
    deltas: { Social: 0.15, Upbeat: 0.1, Loud: 0.1 }
  },
  {
    words: ["ROOFTOP", "TERRACE", "VIEW", "VIEWS", "SKY", "SKYLINE", "GARDEN", "GARDENS", "PATIO"],
    deltas: { Relaxed: 0.15, Chill: 0.1, Romantic: 0.1 }
  },
  { words: ["ART", "ARTISAN", "GALLERY", "STUDIO", "CREATIVE", "CRAFT", "POETRY", "VINYL"], deltas: { Creative: 0.3 } },
  { words: ["ZEN", "QUIET", "SERENITY", "TRANQUIL"], deltas: { Quiet: 0.2, Relaxed: 0.15, Loud: -0.15 } },
  {
    words: ["TIKI", "ADVENTURE", "EXPLORER", "SAFARI", "PIRATE", "VOODOO", "FUSION"],
    deltas: { Adventurous: 0.3, Upbeat: 0.1 }
  },
  { words: ["DANCE", "DISCO", "NIGHTCLUB", "NIGHT CLUB", "DJ"], deltas: { Energetic: 0.15, Upbeat: 0.15 } },
  { words: ["EXPRESS", "TO GO", "FAST", "QUICK"], deltas: { Romantic: -0.2, Cozy: -0.1, Relaxed: -0.1 } },
  { words: ["LAB", "WORKSHOP", "STUDY", "WIFI", "COWORK", "COWORKING"], deltas: { Focused: 0.3 } }
];
var ADJUSTMENTS_T = NAME_ADJUSTMENTS.map((a) => ({ table: words2(a.words), deltas: a.deltas }));

// src/server/vibes/permit-words.ts
var PERMIT_SOURCE = "SF Entertainment Commission";

// src/server/vibes/blend.ts
var GAMES = new RegExp(
  "^(billiards|pool|snooker|8pool|9pool|darts|table_tennis|shuffleboard|bowling|10pin|9pin|boules|table_soccer|chess|cornhole)$"
);
var PERMIT_LATE_WORDS = `Licensed for live entertainment until 6 AM \u2014 ${PERMIT_SOURCE}`;
var NAME_WORDS = NAME_ADJUSTMENTS.map((adj) => ({
  ...adj,
  // " WORD " in " NAME TOKENS ": the same as the regex (^| )WORD( |$) for these plain words, and faster
  words: adj.words.map((word) => ({ word, padded: ` ${word} ` }))
}));
var collator = new Intl.Collator();
var KNOWN_VIBES = new Set(ALL_VIBES);

// src/server/venues/permits.ts
import { parse } from "csv-parse/sync";
var ENTERTAINMENT_PERMITS_URL = new URL(
  "../../../data/seed/sf_entertainment_permits_2026-05-10.csv",
  import.meta.url
);
var SUFFIXES = {
  street: "st",
  avenue: "ave",
  av: "ave",
  boulevard: "blvd",
  place: "pl",
  drive: "dr",
  road: "rd",
  lane: "ln",
  terrace: "ter",
  court: "ct",
  alley: "aly",
  highway: "hwy",
  square: "sq",
  plaza: "plz"
};
var STREET_TYPES = /* @__PURE__ */ new Set([...Object.values(SUFFIXES), "st", "way", "walk", "row", "cir"]);

// src/server/venues/queries.ts
var VENUE_COLUMNS = `v.id, v.external_id, v.name, v.category, v.description, v.address, v.latitude,
  v.longitude, v.image_url, v.rating, v.review_count, v.phone_number, v.website, v.hours, v.opening_hours,
  v.detected_vibes, v.vibe_scores, v.likely_vibes, v.source, v.attribution, v.member_rating_sum, v.member_review_count`;
function presentStoredVenue(row, meters, isFavorite, matchScore2, now2) {
  const rated = ratingOf(row);
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    category: row.category,
    description: row.description,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    imageUrl: row.image_url,
    rating: rated.rating,
    reviewCount: rated.reviewCount,
    ratingSource: rated.ratingSource,
    distance: meters === null || meters === void 0 ? null : metersToMilesString(meters),
    phoneNumber: row.phone_number,
    website: row.website,
    detectedVibes: row.detected_vibes ?? [],
    vibeScores: row.vibe_scores ?? {},
    latestUpdate: null,
    isFavorite,
    matchScore: matchScore2,
    openStatus: openStatus(row.opening_hours, now2),
    source: row.source,
    attribution: row.attribution
  };
}
__name(presentStoredVenue, "presentStoredVenue");
var SOURCE_NAMES = { google: "Google", osm: "OpenStreetMap", datasf: "DataSF" };
function ratingSource(row) {
  if (typeof row.rating !== "number" || !Number.isFinite(row.rating)) return null;
  if (row.source === "google" || row.attribution.includes(GOOGLE_ATTRIBUTION)) return "Google";
  return SOURCE_NAMES[row.source] ?? row.source;
}
__name(ratingSource, "ratingSource");
function ratingOf(row) {
  const source = ratingSource(row);
  return venueRating(source ? { source, rating: row.rating, reviewCount: row.review_count } : null, {
    sum: Number(row.member_rating_sum ?? 0),
    count: Number(row.member_review_count ?? 0)
  });
}
__name(ratingOf, "ratingOf");
var OPEN_NOW_OVERREAD = 4;
function radiusWhere(q, params) {
  const where = [
    "earth_box(ll_to_earth($1, $2), $3) @> v.earth",
    "earth_distance(v.earth, ll_to_earth($1, $2)) <= $3"
  ];
  if (q.vibes?.length) {
    params.push(q.vibes);
    const detected = `v.detected_vibes && $${params.length}::text[]`;
    if (q.claimed?.length) {
      params.push(q.claimed);
      where.push(`(${detected} OR v.id = ANY($${params.length}::int[]))`);
    } else where.push(detected);
  }
  if (q.category) {
    params.push(q.category);
    where.push(`v.category = $${params.length}`);
  }
  if (q.hasHours) where.push("v.opening_hours IS NOT NULL");
  if (q.search) {
    params.push(likeContains(q.search));
    where.push(
      `unaccent(lower(v.name || ' ' || v.category || ' ' || coalesce(v.description, '') || ' ' ||
                       array_to_string(v.detected_vibes, ' ')))
        LIKE unaccent($${params.length}) ESCAPE '\\'`
    );
  }
  return where.join("\n        AND ");
}
__name(radiusWhere, "radiusWhere");
async function countWithin(db2, q) {
  if (q.openAt || q.openLateAt) {
    const withHours = await countWithin(db2, { ...q, openAt: void 0, openLateAt: void 0, hasHours: true });
    if (!withHours) return 0;
    return (await venuesWithin(db2, { ...q, limit: Math.ceil(withHours / OPEN_NOW_OVERREAD) + 1 })).length;
  }
  const params = [q.latitude, q.longitude, q.radiusMeters];
  const where = radiusWhere(q, params);
  const rows = await db2.query(`SELECT count(*) AS n FROM venues v WHERE ${where}`, params);
  return Number(rows[0]?.n ?? 0);
}
__name(countWithin, "countWithin");
async function venuesWithin(db2, q) {
  if (q.openAt || q.openLateAt) {
    const { openAt, openLateAt } = q;
    const rows = await venuesWithin(db2, {
      ...q,
      openAt: void 0,
      openLateAt: void 0,
      hasHours: true,
      limit: q.limit * OPEN_NOW_OVERREAD
    });
    return rows.filter(
      (r) => (!openAt || isOpenAt(r.opening_hours, openAt)) && (!openLateAt || isOpenLate(r.opening_hours, openLateAt))
    ).slice(0, q.limit);
  }
  const params = [q.latitude, q.longitude, q.radiusMeters, q.limit];
  const where = radiusWhere(q, params);
  const sql = `SELECT ${VENUE_COLUMNS},
            earth_distance(v.earth, ll_to_earth($1, $2)) AS meters,
            false AS is_favorite
       FROM venues v
      WHERE ${where}
      ORDER BY v.earth <-> ll_to_earth($1, $2)
      LIMIT $4`;
  return db2.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_sort = off");
    return tx.query(sql, params);
  });
}
__name(venuesWithin, "venuesWithin");

// src/server/venues/ranking.ts
function matchScore(scores, vibes) {
  if (vibes.length === 0) return 0;
  let sum = 0;
  let best = 0;
  for (const v of vibes) {
    const value = clamp01((typeof scores === "function" ? scores(v) : scores[v]) ?? 0);
    sum += value;
    if (value > best) best = value;
  }
  return round2((best + sum / vibes.length) / 2);
}
__name(matchScore, "matchScore");
function proximity(distanceMeters, radiusMeters) {
  if (radiusMeters <= 0) return 0;
  return clamp01(1 - distanceMeters / radiusMeters);
}
__name(proximity, "proximity");
function matchRank(fit, distanceMeters, radiusMeters) {
  return 0.7 * fit + 0.3 * proximity(distanceMeters, radiusMeters);
}
__name(matchRank, "matchRank");
function bestMatchRank(fit, distanceMeters, radiusMeters) {
  return fit + 1e-3 * proximity(distanceMeters, radiusMeters);
}
__name(bestMatchRank, "bestMatchRank");
function ratingRank(rating2) {
  return rating2 === null || !Number.isFinite(rating2) ? 0 : 1 + rating2;
}
__name(ratingRank, "ratingRank");
function rankFor(sort) {
  return sort === "best" ? bestMatchRank : matchRank;
}
__name(rankFor, "rankFor");
var clamp01 = /* @__PURE__ */ __name((n) => Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0, "clamp01");
var round2 = /* @__PURE__ */ __name((n) => Math.round(n * 100) / 100, "round2");

// src/server/venues/service.ts
var MATCH_CANDIDATES = MAX_VENUE_RESULTS * 2;
async function venueHitsNear({ db: db2, catalog: catalog2 }, q) {
  if (!q.search) return catalog2.within(q);
  return (await venuesWithin(db2, q)).slice(q.skip ?? 0).map((row) => ({ venue: row, meters: row.meters }));
}
__name(venueHitsNear, "venueHitsNear");
async function claimedFor(reader2, vibes) {
  return vibes.includes(LIVE_MUSIC) ? liveClaims(await reader2.live.all(), vibes) : [];
}
__name(claimedFor, "claimedFor");
var LIKELY_BELOW = MAX_VENUE_RESULTS;
var likelyFit = /* @__PURE__ */ __name((weight) => Math.min(1, weight / 6), "likelyFit");
var pageEnd = /* @__PURE__ */ __name((offset2, limit2, total) => total > MAX_EXACT_TOTAL ? offset2 + limit2 : Math.min(offset2 + limit2, total), "pageEnd");
async function countNear({ db: db2, catalog: catalog2 }, q) {
  return q.search ? countWithin(db2, q) : catalog2.count(q);
}
__name(countNear, "countNear");
async function matchVenues(reader2, q) {
  const radiusMeters = q.radiusKm * 1e3;
  const offset2 = q.offset ?? 0;
  const limit2 = q.limit ?? MAX_VENUE_RESULTS;
  const search2 = {
    latitude: q.latitude,
    longitude: q.longitude,
    radiusMeters,
    vibes: q.vibes,
    // venues whose owner announced live music tonight are Live Music while it lasts (issue 26)
    claimed: await claimedFor(reader2, q.vibes),
    category: q.category,
    search: q.search,
    openAt: q.openAt
  };
  const matchRank2 = rankFor(q.sort);
  const fitOf = /* @__PURE__ */ __name((scores, l) => liveFit(matchScore(scores, q.vibes), l, q.vibes), "fitOf");
  if (q.sort === "rating" && !q.search) {
    const { hits: page, count } = await reader2.catalog.best(
      { ...search2, limit: offset2 + limit2, skip: offset2 },
      matchRanking({ vibes: q.vibes, sort: "rating", radiusMeters })
    );
    const { live: live2, favorites: favorites2 } = await loadVenueState(
      reader2,
      page.map((h) => h.venue.id),
      q.userId
    );
    const confirmed = page.map((h) => {
      const l = live2.get(h.venue.id) ?? null;
      return matched(h, q.vibes.length ? fitOf(h.venue.vibe_scores, l) : null, favorites2, l);
    });
    if (!q.vibes.length) return { venues: confirmed, total: count, confirmed: count };
    const more = await likelyAfter(reader2, search2, count, offset2, limit2, {
      score: /* @__PURE__ */ __name((venue) => ratingRank(shownRating(venue)), "score"),
      bound: /* @__PURE__ */ __name(() => 0, "bound")
    });
    return {
      venues: [...confirmed, ...more.hits.map((h) => likelyMatch(h, q.vibes, favorites2))].slice(0, limit2),
      total: count + more.count,
      confirmed: count
    };
  }
  if (q.vibes.length && !q.search) {
    const live2 = await reader2.live.all();
    const { hits: hits2, count } = await reader2.catalog.best(
      { ...search2, limit: offset2 + limit2, skip: offset2 },
      matchRanking({ vibes: q.vibes, sort: q.sort, radiusMeters, now: q.now }, live2)
    );
    const saved = q.userId ? await reader2.favorites.of(q.userId) : NO_FAVORITES;
    const confirmed = hits2.map((h) => {
      const l = live2.get(h.venue.id) ?? null;
      return matched(h, liveFit(h.fit ?? matchScore(h.venue.vibe_scores, q.vibes), l, q.vibes), saved, l);
    });
    const now2 = q.now;
    const more = await likelyAfter(reader2, search2, count, offset2, limit2, {
      score: /* @__PURE__ */ __name((venue, meters) => matchRank2(likelyFit(venue.likelyWeight(q.vibes)), meters, radiusMeters), "score"),
      bound: /* @__PURE__ */ __name(() => 0, "bound"),
      ...now2 && openFirst(now2)
    });
    return {
      venues: [...confirmed, ...more.hits.map((h) => likelyMatch(h, q.vibes, saved))].slice(0, limit2),
      total: count + more.count,
      confirmed: count
    };
  }
  const total = await countNear(reader2, search2);
  const end = pageEnd(offset2, limit2, total);
  if (offset2 >= end) return { venues: [], total, confirmed: total };
  const byRating = q.sort === "rating";
  const nearness = !q.vibes.length && !byRating;
  const read = await venueHitsNear(reader2, {
    ...search2,
    limit: nearness ? end : total,
    ...nearness && { skip: offset2 }
  });
  const hits = byRating ? read.map((h) => ({ h, rank: ratingRank(ratingOf(h.venue).rating) })).sort((a, b) => b.rank - a.rank).map(({ h }) => h) : read;
  const { live, favorites } = await loadVenueState(
    reader2,
    hits.map((h) => h.venue.id),
    q.userId
  );
  if (byRating)
    return {
      venues: hits.slice(offset2, end).map((h) => {
        const l = live.get(h.venue.id) ?? null;
        return matched(h, q.vibes.length ? fitOf(h.venue.vibe_scores, l) : null, favorites, l);
      }),
      total,
      confirmed: total
    };
  if (nearness)
    return {
      venues: hits.map((h) => matched(h, null, favorites, live.get(h.venue.id) ?? null)),
      total,
      confirmed: total
    };
  const ranked = hits.map((h) => {
    const l = live.get(h.venue.id) ?? null;
    const fit = fitOf(h.venue.vibe_scores, l);
    return { h, l, fit, rank: matchRank2(fit, h.meters, radiusMeters) };
  }).sort((a, b) => b.rank - a.rank);
  return {
    venues: ranked.slice(offset2, end).map(({ h, fit, l }) => matched(h, fit, favorites, l)),
    total,
    confirmed: total
  };
}
__name(matchVenues, "matchVenues");
async function likelyAfter(reader2, search2, confirmed, offset2, limit2, ranking) {
  if (confirmed >= LIKELY_BELOW) return { hits: [], count: 0 };
  const want = Math.max(0, offset2 + limit2 - confirmed);
  const { hits, count } = await reader2.catalog.best({ ...search2, likely: true, limit: want }, ranking);
  return { hits: hits.slice(Math.max(0, offset2 - confirmed)), count };
}
__name(likelyAfter, "likelyAfter");
function likelyMatch(h, vibes, favorites) {
  const l = (h.venue.likely_vibes ?? []).find((x) => vibes.includes(x.vibe));
  const m = matched(h, null, favorites, null);
  if (l) m.likely = { vibe: l.vibe, reasons: [...l.reasons] };
  return m;
}
__name(likelyMatch, "likelyMatch");
var NO_FAVORITES = /* @__PURE__ */ new Set();
function openFirst(now2) {
  return {
    tier: /* @__PURE__ */ __name((hours2) => openTier(hours2, now2), "tier"),
    tierKey: `open-first ${Math.floor(now2.getTime() / 6e4)}`
  };
}
__name(openFirst, "openFirst");
function matchRanking(q, live = /* @__PURE__ */ new Map()) {
  if (q.sort === "rating")
    return {
      score: /* @__PURE__ */ __name((venue) => ratingRank(shownRating(venue)), "score"),
      bound: /* @__PURE__ */ __name((best) => ratingRank(best.rating), "bound"),
      // the rating alone moves the score: its order per group, visited as a fit's (catalog.ts rank)
      fit: { key: "rating", of: /* @__PURE__ */ __name((_scores, rating2) => ratingRank(rating2()), "of"), bound: /* @__PURE__ */ __name((rank2) => rank2, "bound") }
    };
  const rank = rankFor(q.sort);
  const { vibes, radiusMeters } = q;
  return {
    score: /* @__PURE__ */ __name((venue, meters) => rank(liveFit(matchScore(venue.vibeScore, vibes), live.get(venue.id) ?? null, vibes), meters, radiusMeters), "score"),
    bound: /* @__PURE__ */ __name((best, meters) => rank(
      matchScore((vibe) => best.vibeScore(vibe), vibes),
      meters,
      radiusMeters
    ), "bound"),
    vibes,
    // the fit alone moves the score (but for the live vibes, outliers): its order per group. One
    // vibe's fit is its score, in its score column's order, but by the fit the catalog bounds a
    // cell's parts in turn and lets a part's visit give way (catalog.ts rank), as it cannot by columns
    ...vibes.length > 0 && {
      fit: {
        key: `matchScore ${[...vibes].sort().join(",")}`,
        of: /* @__PURE__ */ __name((score) => matchScore(score, vibes), "of"),
        bound: /* @__PURE__ */ __name((fit, meters) => rank(fit, meters, radiusMeters), "bound")
      }
    },
    outliers: live.keys(),
    // open now (or within the hour), then unknown hours, then closed (issue 25): not under Top Rated
    ...q.now && q.vibes.length && openFirst(q.now)
  };
}
__name(matchRanking, "matchRanking");
function matched(h, fit, favorites, l) {
  return { venue: h.venue, meters: h.meters, fit, isFavorite: favorites.has(h.venue.id), live: l };
}
__name(matched, "matched");
function matchedJson(list, now2) {
  const heads = new Array(list.length);
  const distances = new Array(list.length);
  const scores = new Array(list.length);
  const latest = new Array(list.length);
  const opens = new Array(list.length);
  const likely = new Array(list.length);
  let size2 = 2 + Math.max(0, list.length - 1);
  for (let i = 0; i < list.length; i++) {
    const m = list[i];
    let head = fixedJson.get(m.venue);
    if (head === void 0) {
      const {
        distance: _d,
        isFavorite: _f,
        matchScore: _s,
        latestUpdate: _l,
        openStatus: _o,
        ...rest
      } = presentStoredVenue(m.venue, null, false, null, now2);
      head = Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"distance":"`);
      fixedJson.set(m.venue, head);
    }
    heads[i] = head;
    distances[i] = metersToMilesString(m.meters);
    scores[i] = m.fit !== null && Number.isFinite(m.fit) ? String(m.fit) : "null";
    latest[i] = m.live ? liveJson(m.live) : NO_LATEST;
    opens[i] = openJson(openStatus(m.venue.opening_hours, now2));
    likely[i] = m.likely ? Buffer.from(`,"likely":${JSON.stringify(m.likely)}`) : NO_BYTES;
    size2 += head.length + distances[i].length + FAVORITE[+m.isFavorite].length + scores[i].length + opens[i].length + likely[i].length + latest[i].length;
  }
  const out = Buffer.allocUnsafe(size2);
  out[0] = OPEN_BRACKET;
  let at = 1;
  for (let i = 0; i < list.length; i++) {
    if (i) out[at++] = COMMA;
    out.set(heads[i], at);
    at += heads[i].length;
    at = ascii(out, at, distances[i]);
    const favorite = FAVORITE[+list[i].isFavorite];
    out.set(favorite, at);
    at += favorite.length;
    at = ascii(out, at, scores[i]);
    out.set(opens[i], at);
    at += opens[i].length;
    out.set(likely[i], at);
    at += likely[i].length;
    out.set(latest[i], at);
    at += latest[i].length;
  }
  out[at] = CLOSE_BRACKET;
  return out;
}
__name(matchedJson, "matchedJson");
function ascii(out, at, text) {
  for (let k = 0; k < text.length; k++) out[at++] = text.charCodeAt(k);
  return at;
}
__name(ascii, "ascii");
var fixedJson = /* @__PURE__ */ new WeakMap();
var FAVORITE = [Buffer.from('","isFavorite":false,"matchScore":'), Buffer.from('","isFavorite":true,"matchScore":')];
var NO_LATEST = Buffer.from(',"latestUpdate":null}');
var NO_BYTES = Buffer.alloc(0);
var COMMA = 44;
var OPEN_BRACKET = 91;
var CLOSE_BRACKET = 93;
function liveJson(live) {
  let bytes = latestJson.get(live);
  if (bytes === void 0)
    latestJson.set(live, bytes = Buffer.from(`,"latestUpdate":${JSON.stringify(presentLatestUpdate(live))}}`));
  return bytes;
}
__name(liveJson, "liveJson");
var latestJson = /* @__PURE__ */ new WeakMap();
function openJson(status) {
  if (status === null) return NO_OPEN;
  let bytes = openBytes.get(status);
  if (bytes === void 0) openBytes.set(status, bytes = Buffer.from(`,"openStatus":${JSON.stringify(status)}`));
  return bytes;
}
__name(openJson, "openJson");
var openBytes = /* @__PURE__ */ new WeakMap();
var NO_OPEN = Buffer.from(',"openStatus":null');

// src/server/db/client.ts
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
function listenStatement(channel) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return `LISTEN ${channel}`;
}
__name(listenStatement, "listenStatement");
var LISTEN_RETRY_MS = 1e3;
async function listenPostgres(url, channel, onMessage, onGap) {
  let stopped = false;
  let current = null;
  let retry = null;
  const schedule = /* @__PURE__ */ __name(() => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect(true);
    }, LISTEN_RETRY_MS);
    retry.unref();
  }, "schedule");
  const connect = /* @__PURE__ */ __name(async (again) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5e3 });
    c.on("notification", (n) => {
      if (n.channel === channel) onMessage(n.payload ?? "");
    });
    c.on("error", () => {
    });
    c.on("end", () => {
      if (current !== c) return;
      current = null;
      schedule();
    });
    try {
      await c.connect();
      await c.query(listenStatement(channel));
    } catch (err) {
      c.end().catch(() => {
      });
      if (!again) throw err;
      schedule();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {
      });
      return;
    }
    current = c;
    if (again) onGap?.();
  }, "connect");
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = current;
    current = null;
    await c?.end().catch(() => {
    });
  };
}
__name(listenPostgres, "listenPostgres");
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
var statementNames = /* @__PURE__ */ new Map();
var generation = 0;
function statementName(sql) {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${generation}_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}
__name(statementName, "statementName");
async function runPrepared(run) {
  try {
    return (await run(true)).rows;
  } catch (err) {
    if (err.code !== "0A000") throw err;
    generation++;
    statementNames.clear();
    return (await run(false)).rows;
  }
}
__name(runPrepared, "runPrepared");
async function openPostgres(url, max = 10) {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5e3 });
  pool.on("error", () => {
  });
  const client = await pool.connect();
  client.release();
  const listeners = /* @__PURE__ */ new Set();
  return {
    kind: "postgres",
    async listen(channel, onMessage, onGap) {
      const stop = await listenPostgres(url, channel, onMessage, onGap);
      const remove = /* @__PURE__ */ __name(async () => {
        listeners.delete(remove);
        await stop();
      }, "remove");
      listeners.add(remove);
      return remove;
    },
    async query(sql, params = []) {
      return runPrepared(
        (named) => pool.query({ name: named ? statementName(sql) : void 0, text: sql, values: params })
      );
    },
    async transaction(fn) {
      const c = await pool.connect();
      try {
        await c.query("BEGIN");
        const tx = {
          async query(sql, params = []) {
            return runPrepared(
              (named) => c.query({ name: named ? statementName(sql) : void 0, text: sql, values: params })
            );
          },
          async exec(sql) {
            await c.query(sql);
          }
        };
        const out = await fn(tx);
        await c.query("COMMIT");
        return out;
      } catch (err) {
        await c.query("ROLLBACK").catch(() => {
        });
        throw err;
      } finally {
        c.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    }
  };
}
__name(openPostgres, "openPostgres");
async function openPglite(opts = {}) {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const { cube } = await import("@electric-sql/pglite/contrib/cube");
  const { earthdistance } = await import("@electric-sql/pglite/contrib/earthdistance");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const db2 = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { cube, earthdistance, pg_trgm, unaccent },
    // Same number types as the pg driver above: int8 and numeric as JS numbers.
    parsers: { 20: (v) => Number(v), 1700: (v) => Number(v) }
  });
  return {
    kind: "pglite",
    raw: db2,
    async query(sql, params = []) {
      const res = await db2.query(sql, params);
      return res.rows;
    },
    async listen(channel, onMessage) {
      listenStatement(channel);
      const stop = await db2.listen(channel, onMessage);
      return async () => {
        if (!db2.closed) await stop();
      };
    },
    async transaction(fn) {
      return db2.transaction(
        async (t2) => fn({
          async query(sql, params = []) {
            return (await t2.query(sql, params)).rows;
          },
          async exec(sql) {
            await t2.exec(sql);
          }
        })
      );
    },
    async exec(sql) {
      await db2.exec(sql);
    },
    async close() {
      await db2.close();
    }
  };
}
__name(openPglite, "openPglite");

// src/server/db/migrate.ts
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath as fileURLToPath2 } from "node:url";
var MIGRATIONS_DIR = fileURLToPath2(new URL("./migrations/", import.meta.url));
var MIGRATION_LOCK = 727001;
function loadMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort().map((name) => ({ name, sql: readFileSync(dir + name, "utf8") }));
}
__name(loadMigrations, "loadMigrations");
async function migrate(db2, migrations = loadMigrations()) {
  await db2.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
  );
  await db2.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  const applied = [];
  try {
    const done = new Set((await db2.query("SELECT name FROM schema_migrations")).map((r) => r.name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await db2.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
      });
      applied.push(m.name);
    }
  } finally {
    await db2.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  }
  return applied;
}
__name(migrate, "migrate");

// bench/generate-venues.ts
import { readFileSync as readFileSync2 } from "node:fs";

// src/server/net/address-policy.ts
import { BlockList, isIP } from "node:net";
var V4_BLOCKED = [
  ["0.0.0.0", 8],
  // "this network"; 0.0.0.0 reaches the local host on Linux
  ["10.0.0.0", 8],
  // private
  ["100.64.0.0", 10],
  // carrier-grade NAT (shared address space)
  ["127.0.0.0", 8],
  // loopback
  ["169.254.0.0", 16],
  // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12],
  // private
  ["192.0.0.0", 24],
  // IETF protocol assignments
  ["192.0.2.0", 24],
  // documentation TEST-NET-1
  ["192.88.99.0", 24],
  // deprecated 6to4 relay anycast
  ["192.168.0.0", 16],
  // private
  ["198.18.0.0", 15],
  // benchmarking
  ["198.51.100.0", 24],
  // documentation TEST-NET-2
  ["203.0.113.0", 24],
  // documentation TEST-NET-3
  ["224.0.0.0", 4],
  // multicast
  ["240.0.0.0", 4]
  // reserved, incl. broadcast 255.255.255.255
];
var v4Blocked = new BlockList();
for (const [net, prefix] of V4_BLOCKED) v4Blocked.addSubnet(net, prefix, "ipv4");

// src/server/net/safe-fetch.ts
var IMAGE_FETCH_DEFAULTS = {
  timeoutMs: 8e3,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  ports: [80, 443]
};

// src/server/venues/seed-osm.ts
var OSM_BARS_URL = new URL("../../../data/seed/osm_sf_bars_pubs_2025-10-23.json", import.meta.url);
var OSM_CENTRAL_URL = new URL("../../../data/seed/osm_sf_central_venues_2026-02-04.json", import.meta.url);
var CENTRAL_REPAIRS_URL = new URL("../../../data/seed/central-name-repairs.json", import.meta.url);

// bench/generate-venues.ts
var PLACES = "Mission,Harbor,Valencia,Fillmore,Sunset,Marina,Presidio,Ocean,Bayview,Castro,Dolores,Telegraph,Lakeshore,Alameda,Redwood,Cedar,Juniper,Willow,Oak Street,Pine Street,North Beach,Hayes Valley,Noe,Potrero,Embarcadero,Ferry,Laurel,Union,Grand Avenue,Piedmont,College Avenue,Shattuck,Camino,Alma,University,Fog City,Golden Gate,Twin Peaks,Sea Cliff,Blue Door,Red Fox,Little Owl,Copper Kettle,Lantern,Anchor,Tidewater,Sparrow,Driftwood".split(",");
var KINDS = {
  Cafe: ["Coffee", "Coffee Roasters", "Coffee Bar", "Espresso", "Cafe", "Tea House", "Bakery", "Creamery"],
  Restaurant: [
    "Kitchen",
    "Bistro",
    "Taqueria",
    "Noodle House",
    "Grill",
    "Trattoria",
    "Sushi",
    "Diner",
    "Pizzeria",
    "Dumpling House"
  ],
  Bar: ["Wine Bar", "Tavern", "Taproom", "Lounge", "Pub", "Cocktail Bar", "Brewing Co.", "Saloon"],
  Club: ["Club", "Nightclub", "Dance Hall", "Social Club", "Disco", "Supper Club"]
};
var sqlArray = /* @__PURE__ */ __name((words3) => `ARRAY[${words3.map((w) => `'${w.replace(/'/g, "''")}'`).join(", ")}]`, "sqlArray");
var NAME_SQL = (() => {
  const pick = /* @__PURE__ */ __name((words3, salt) => `(${sqlArray(words3)})[1 + (abs(hashtext($3::text || '${salt}' || g)::bigint) % ${words3.length})]`, "pick");
  const kinds = Object.entries(KINDS).map(([category2, words3]) => `WHEN '${category2}' THEN ${pick(words3, ":kind:")}`).join(" ");
  return `${pick(PLACES, ":place:")} || ' ' || CASE category ${kinds} END`;
})();
var HOURS_SQL = "CASE WHEN abs(hashtext($3::text || ':open:' || g)::bigint) % 1000 < $5 THEN ($4::text[])[1 + abs(hashtext($3::text || ':hours:' || g)::bigint) % greatest(1, cardinality($4::text[]))] END";
function osmHours() {
  const { elements } = JSON.parse(readFileSync2(OSM_CENTRAL_URL, "utf8"));
  const named = elements.filter((e) => e.tags?.name);
  const all = named.flatMap((e) => e.tags?.opening_hours ? [e.tags.opening_hours] : []);
  return { values: [...new Set(all)], perMille: Math.round(1e3 * all.length / named.length) };
}
__name(osmHours, "osmHours");
var DENSE_AREA = { latitude: 37.7749, longitude: -122.4194, halfLat: 0.0225, halfLon: 0.0284 };
async function packIntoDenseArea(db2) {
  const a = DENSE_AREA;
  await db2.query(
    `UPDATE venues SET
       latitude = $1 + greatest(-1, least(1, (latitude - 37.65) / 0.4)) * $3,
       longitude = $2 + greatest(-1, least(1, (longitude + 122.15) / 0.45)) * $4`,
    [a.latitude, a.longitude, a.halfLat, a.halfLon]
  );
}
__name(packIntoDenseArea, "packIntoDenseArea");
var denseAreaPoint = /* @__PURE__ */ __name((rand2) => ({
  latitude: DENSE_AREA.latitude + (rand2() * 2 - 1) * DENSE_AREA.halfLat,
  longitude: DENSE_AREA.longitude + (rand2() * 2 - 1) * DENSE_AREA.halfLon
}), "denseAreaPoint");
async function generateVenues(db2, count, seed = 0.42, opts = {}) {
  const hours2 = opts.hours ? osmHours() : null;
  await db2.query("SELECT setseed($1)", [seed]);
  const batch = 1e5;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db2.query(
      `WITH centres(i, lat, lng) AS (VALUES
         (0, 37.7749, -122.4194), (1, 37.8044, -122.2712), (2, 37.8716, -122.2727), (3, 37.3382, -121.8863),
         (4, 37.5630, -122.3255), (5, 37.4419, -122.1430), (6, 37.6879, -122.4702), (7, 37.9735, -122.5311)),
       raw AS (
         SELECT g, random() AS r_kind, floor(random() * 8)::int AS c, random() AS r_cat,
                (random() + random() + random() - 1.5) AS n1, (random() + random() + random() - 1.5) AS n2,
                random() AS u1, random() AS u2
           FROM generate_series($1::int, $2::int) g),
       placed AS (
         SELECT g, r_cat,
                CASE WHEN r_kind < 0.6 THEN ce.lat + n1 * 0.035 ELSE 37.25 + u1 * 0.8 END AS lat,
                CASE WHEN r_kind < 0.6 THEN ce.lng + n2 * 0.045 ELSE -122.6 + u2 * 0.9 END AS lng
           FROM raw JOIN centres ce ON ce.i = raw.c),
       typed AS (
         SELECT g, lat, lng,
                CASE WHEN r_cat < 0.55 THEN 'Restaurant' WHEN r_cat < 0.80 THEN 'Cafe' WHEN r_cat < 0.97 THEN 'Bar'
                  ELSE 'Club' END AS category
           FROM placed),
       scored AS (
         SELECT g, lat, lng, category,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.6 WHEN 'Bar' THEN 0.3 WHEN 'Restaurant' THEN 0.35
                  ELSE 0.05 END + (random() - 0.5) * 0.5)) AS chill,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.55 WHEN 'Bar' THEN 0.2 WHEN 'Restaurant' THEN 0.3
                  ELSE 0.0 END + (random() - 0.5) * 0.5)) AS cozy,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.3 WHEN 'Bar' THEN 0.6 WHEN 'Restaurant' THEN 0.45
                  ELSE 0.6 END + (random() - 0.5) * 0.5)) AS social,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.1 WHEN 'Bar' THEN 0.4 WHEN 'Restaurant' THEN 0.15
                  ELSE 0.8 END + (random() - 0.5) * 0.5)) AS energetic,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.05 WHEN 'Bar' THEN 0.35 WHEN 'Restaurant' THEN 0.1
                  ELSE 0.8 END + (random() - 0.5) * 0.5)) AS loud,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.45 WHEN 'Bar' THEN 0.05 WHEN 'Restaurant' THEN 0.2
                  ELSE 0.0 END + (random() - 0.5) * 0.5)) AS quiet,
                least(1, greatest(0, CASE category WHEN 'Cafe' THEN 0.18 WHEN 'Bar' THEN 0.15 WHEN 'Restaurant' THEN 0.3
                  ELSE 0.2 END + (random() - 0.5) * 0.5)) AS romantic
           FROM typed)
       INSERT INTO venues (external_id, name, category, address, latitude, longitude, detected_vibes, vibe_scores,
         source, attribution, opening_hours)
       SELECT 'bench:' || g, ${NAME_SQL}, category, g || ' Bench St', lat, lng,
              array_remove(ARRAY[
                CASE WHEN chill >= 0.4 THEN 'Chill' END, CASE WHEN cozy >= 0.4 THEN 'Cozy' END,
                CASE WHEN social >= 0.4 THEN 'Social' END, CASE WHEN energetic >= 0.4 THEN 'Energetic' END,
                CASE WHEN loud >= 0.4 THEN 'Loud' END, CASE WHEN quiet >= 0.4 THEN 'Quiet' END,
                CASE WHEN romantic >= 0.4 THEN 'Romantic' END], NULL),
              jsonb_build_object('Chill', round(chill::numeric, 2), 'Cozy', round(cozy::numeric, 2),
                'Social', round(social::numeric, 2), 'Energetic', round(energetic::numeric, 2),
                'Loud', round(loud::numeric, 2), 'Quiet', round(quiet::numeric, 2),
                'Romantic', round(romantic::numeric, 2)),
              'bench', 'synthetic benchmark data', ${HOURS_SQL}
         FROM scored`,
      [start, end, seed, hours2?.values ?? [], hours2?.perMille ?? 0]
    );
  }
  await db2.query("ANALYZE venues");
}
__name(generateVenues, "generateVenues");

// bench/bench-db.ts
async function openBenchDb(kind, label, pgUrl2) {
  if (kind === "pglite") {
    const db3 = await openPglite();
    await migrate(db3);
    return { db: db3, url: null, drop: /* @__PURE__ */ __name(() => db3.close(), "drop") };
  }
  if (!pgUrl2) throw new Error("PostgreSQL benchmarks need BENCH_DATABASE_URL");
  const name = `vibe_bench_${label}_${process.pid}`;
  const admin = await openPostgres(pgUrl2, 1);
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(pgUrl2);
  url.pathname = `/${name}`;
  const db2 = await openPostgres(url.toString(), 10);
  await migrate(db2);
  return {
    db: db2,
    url: url.toString(),
    async drop() {
      await db2.close();
      const a = await openPostgres(pgUrl2, 1);
      await a.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.close();
    }
  };
}
__name(openBenchDb, "openBenchDb");
async function openKeptBenchDb(name, pgUrl2, size2, hours2, dense2 = false) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error("BENCH_KEEP_DB must be a plain database name");
  const admin = await openPostgres(pgUrl2, 1);
  const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).length > 0;
  if (!exists) await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(pgUrl2);
  url.pathname = `/${name}`;
  const db2 = await openPostgres(url.toString(), 4);
  await migrate(db2);
  const [{ n, h, d }] = await db2.query(
    "SELECT count(*)::int AS n, count(opening_hours) > 0 AS h, max(latitude) < $1 AS d FROM venues",
    [DENSE_AREA.latitude + 2 * DENSE_AREA.halfLat]
  );
  if (n !== size2 || h !== hours2 || d !== dense2) {
    await db2.query("TRUNCATE venues CASCADE");
    await generateVenues(db2, size2, void 0, { hours: hours2 });
    if (dense2) await packIntoDenseArea(db2);
    await db2.query("VACUUM ANALYZE venues");
  }
  return { db: db2, url: url.toString(), drop: /* @__PURE__ */ __name(() => db2.close(), "drop") };
}
__name(openKeptBenchDb, "openKeptBenchDb");

// bench/header.ts
import { execFileSync } from "node:child_process";
import os from "node:os";
import { basename } from "node:path";
import { fileURLToPath as fileURLToPath3 } from "node:url";

// bench/smoke.ts
var SMOKE = process.env.BENCH_SMOKE === "1" || process.argv.includes("--smoke");
var used = {};
var usedOptions = /* @__PURE__ */ __name(() => ({ ...used }), "usedOptions");
function option(name, full, smoke) {
  const set = process.env[name];
  const value = set !== void 0 && set !== "" ? Number(set) : SMOKE ? smoke : full;
  used[name] = value;
  return value;
}
__name(option, "option");

// bench/header.ts
function maskSecrets(value) {
  return value.replace(/(\/\/[^:/@]+:)[^@/]+@/, "$1***@");
}
__name(maskSecrets, "maskSecrets");
var git = /* @__PURE__ */ __name((args) => {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}, "git");
var loadText = /* @__PURE__ */ __name(() => os.loadavg().map((l) => l.toFixed(1)).join(" / "), "loadText");
function benchHeader(bench, settings = {}, now2 = /* @__PURE__ */ new Date()) {
  const commit = git(["rev-parse", "--short=10", "HEAD"]) || "unknown";
  const dirty = git(["status", "--porcelain", "--untracked-files=no"]) ? " with uncommitted changes" : "";
  const all = { BENCH_SMOKE: SMOKE ? 1 : void 0 };
  for (const [name, value] of Object.entries(process.env)) if (name.startsWith("BENCH_")) all[name] = value;
  Object.assign(all, usedOptions(), settings);
  const shown = Object.entries(all).filter(([, v]) => v !== void 0 && v !== null && v !== "").map(([k, v]) => `${k}=${maskSecrets(String(v))}`);
  return [
    `# ${bench}`,
    `# date: ${now2.toISOString().replace(/\.\d+Z$/, "Z")}`,
    `# commit: ${commit}${dirty}`,
    `# settings: ${shown.length ? shown.join(" ") : "(defaults)"}`,
    `# machine: ${os.cpus().length} cores, load average ${loadText()} (1 / 5 / 15 min) at the start, Node ${process.version}, ${os.platform()} ${os.release()}`
  ];
}
__name(benchHeader, "benchHeader");
function printHeader(moduleUrl, settings = {}) {
  const name = `bench/${basename(fileURLToPath3(moduleUrl))}`;
  console.log(benchHeader(name, settings).join("\n"));
  process.once("exit", () => console.log(`# load average at the end: ${loadText()} (1 / 5 / 15 min)`));
}
__name(printHeader, "printHeader");

// bench/match-catalog.ts
var dense = process.env.BENCH_AREA === "dense";
if (process.env.BENCH_AREA && !dense) throw new Error("BENCH_AREA is dense, or not given (the metro area)");
var size = option("BENCH_SIZE", dense ? 1e5 : 1e6, 2e3);
var requests = option("BENCH_REQUESTS", 60, 3);
var limit = option("BENCH_LIMIT", MATCH_PAGE_SIZE, MATCH_PAGE_SIZE);
var pgUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
var keep = process.env.BENCH_KEEP_DB;
var only = process.env.BENCH_CASES?.split("|").filter(Boolean);
var hours = process.env.BENCH_HOURS === "1";
var against = process.env.BENCH_AGAINST;
var now = new Date(process.env.BENCH_NOW ?? "2026-11-28T04:30:00Z");
if (Number.isNaN(now.getTime())) throw new Error("BENCH_NOW must be an ISO instant");
printHeader(import.meta.url);
console.log(`# the clock: ${now.toISOString()}; venues ${hours ? "with" : "without"} opening hours`);
var CASES = [
  ["Chill, 16 km, nearest, first page", { radiusKm: 16, vibes: ["Chill"] }],
  ["Chill,Cozy, 16 km, nearest, first page", { radiusKm: 16, vibes: ["Chill", "Cozy"] }],
  ["Chill,Cozy, 16 km, nearest, offset 400", { radiusKm: 16, vibes: ["Chill", "Cozy"], offset: 400 }],
  ["Chill, 16 km, best, first page", { radiusKm: 16, vibes: ["Chill"], sort: "best" }],
  ["Chill,Cozy, 16 km, best, first page", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "best" }],
  ["Chill,Cozy, 16 km, best, offset 400", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "best", offset: 400 }],
  ["Chill, 16 km, top rated, first page", { radiusKm: 16, vibes: ["Chill"], sort: "rating" }],
  ["Chill,Cozy, 16 km, top rated, first page", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "rating" }],
  ["Chill,Cozy, 16 km, top rated, offset 400", { radiusKm: 16, vibes: ["Chill", "Cozy"], sort: "rating", offset: 400 }],
  ["Chill,Cozy, 16 km, nearest, open now", { radiusKm: 16, vibes: ["Chill", "Cozy"], openNow: true }],
  ["Chill,Cozy, 161 km, nearest, first page", { radiusKm: 160.934, vibes: ["Chill", "Cozy"] }],
  ["Chill,Cozy, 161 km, best, first page", { radiusKm: 160.934, vibes: ["Chill", "Cozy"], sort: "best" }],
  ["no vibe, 16 km, nearest, first page", { radiusKm: 16, vibes: [] }],
  ["no vibe, 16 km, nearest, offset 400", { radiusKm: 16, vibes: [], offset: 400 }]
];
var cases = CASES.filter(([name]) => !only || only.some((o) => name.includes(o)));
var state = 12345;
var rand = /* @__PURE__ */ __name(() => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31, "rand");
var round4 = /* @__PURE__ */ __name((x) => Number(x.toFixed(4)), "round4");
var centres = Array.from({ length: requests }, () => {
  if (!dense) return { latitude: round4(37.35 + rand() * 0.6), longitude: round4(-122.5 + rand() * 0.6) };
  const { latitude: latitude2, longitude: longitude2 } = denseAreaPoint(rand);
  return { latitude: round4(latitude2), longitude: round4(longitude2) };
});
async function openDb() {
  if (keep) return openKeptBenchDb(keep, pgUrl, size, hours, dense);
  const bench = await openBenchDb("postgres", "catalog", pgUrl);
  await generateVenues(bench.db, size, void 0, { hours });
  if (dense) await packIntoDenseArea(bench.db);
  return bench;
}
__name(openDb, "openDb");
var { db, drop } = await openDb();
var changes = await createChangeFeed(db);
var t = performance.now();
var catalog = await createVenueCatalog(db, changes);
console.log(
  `# ${catalog.size.toLocaleString()} venues read into the catalog in ${((performance.now() - t) / 1e3).toFixed(1)} s`
);
var reader = {
  db,
  catalog,
  live: await createLiveStore(db, changes),
  favorites: createFavoriteStore(db, changes)
};
var one = /* @__PURE__ */ __name(async ({ openNow: openNow2, ...c }, at, over = reader) => {
  const page = await matchVenues(over, { limit, ...c, ...at, now, ...openNow2 && { openAt: now } });
  matchedJson(page.venues, now);
  return page;
}, "one");
async function catalogAt(ref) {
  const source = execFileSync2("git", ["show", `${ref}:src/server/venues/catalog.ts`]);
  const skips = source.includes("skip?: number;");
  const file = new URL("../src/server/venues/.catalog-against.ts", import.meta.url);
  writeFileSync(file, source);
  try {
    return { create: (await import(file.href)).createVenueCatalog, skips };
  } finally {
    rmSync(file);
  }
}
__name(catalogAt, "catalogAt");
function skipping(old) {
  const cut = /* @__PURE__ */ __name((hits, q) => hits.slice(q.skip ?? 0), "cut");
  return {
    within: /* @__PURE__ */ __name(async (q) => cut(await old.within(q), q), "within"),
    count: /* @__PURE__ */ __name((q) => old.count(q), "count"),
    best: /* @__PURE__ */ __name(async (q, ranking) => {
      const { hits, count } = await old.best(q, ranking);
      return { hits: cut(hits, q), count };
    }, "best"),
    byIds: /* @__PURE__ */ __name((ids) => old.byIds(ids), "byIds"),
    get size() {
      return old.size;
    },
    get unindexed() {
      return old.unindexed;
    },
    close: /* @__PURE__ */ __name(() => old.close(), "close")
  };
}
__name(skipping, "skipping");
async function compare(old) {
  const readers = { old: { ...reader, catalog: old }, new: reader };
  for (const [name, c] of cases) {
    for (const at of centres) for (const r of Object.values(readers)) await one(c, at, r);
    const cpu = { old: [], new: [] };
    for (let round = 0; round < 3; round++)
      for (const at of centres) {
        const pages = {};
        for (const which of round % 2 ? ["new", "old"] : ["old", "new"]) {
          const started = process.cpuUsage();
          const page = await one(c, at, readers[which]);
          const spent = process.cpuUsage(started);
          cpu[which].push((spent.user + spent.system) / 1e3);
          pages[which] = `${page.total}: ${page.venues.map((v) => v.venue.id).join()}`;
        }
        if (pages.old !== pages.new)
          throw new Error(
            `${name} at ${at.latitude},${at.longitude}: ${against} answers ${pages.old}, this tree ${pages.new}`
          );
      }
    const mean = /* @__PURE__ */ __name((xs) => xs.reduce((a, b) => a + b, 0) / xs.length, "mean");
    const median = /* @__PURE__ */ __name((xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1], "median");
    const [o, n] = [median(cpu.old), median(cpu.new)];
    console.log(
      `${name.padEnd(42)} cpu median ${against} ${o.toFixed(3)} ms, this tree ${n.toFixed(3)} ms: ratio ${(n / o).toFixed(3)} (means ${mean(cpu.old).toFixed(3)} / ${mean(cpu.new).toFixed(3)} ms, ratio ${(mean(cpu.new) / mean(cpu.old)).toFixed(3)}); the same ${cpu.old.length} pages`
    );
  }
}
__name(compare, "compare");
if (against) {
  const { create, skips } = await catalogAt(against);
  const old = await create(db, changes);
  await compare(skips ? old : skipping(old));
  await old.close();
}
for (const [name, c] of against ? [] : cases) {
  for (const at of centres.slice(0, 5)) await one(c, at);
  const rounds = [];
  for (let r = 0; r < 3; r++) {
    const times = [];
    let totals = 0;
    const cpu = process.cpuUsage();
    for (const at of centres) {
      t = performance.now();
      totals += (await one(c, at)).total;
      times.push(performance.now() - t);
    }
    const spent = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    rounds.push({
      p50: times[Math.floor(times.length / 2)],
      p95: times[Math.floor(0.95 * (times.length - 1))],
      cpu: (spent.user + spent.system) / 1e3 / times.length,
      total: totals / times.length
    });
  }
  rounds.sort((a, b) => a.p50 - b.p50);
  const m = rounds[1];
  console.log(
    `${name.padEnd(42)} median ${m.p50.toFixed(2).padStart(7)} ms  p95 ${m.p95.toFixed(2).padStart(7)} ms  cpu ${m.cpu.toFixed(2).padStart(7)} ms/request  (mean total ${Math.round(m.total)})`
  );
}
reader.live.close();
reader.favorites.close();
await catalog.close();
await changes.close();
await drop();
