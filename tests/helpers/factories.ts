import type { Db } from "../../src/server/db/client";
import { markEmailVerified } from "../../src/server/auth/users";
import { Agent, signUp, uniqueEmail } from "./http";

/**
 * Factories for API tests: the people, friendships, owners, venues and posts a test needs, built
 * through the real API (people, friends, owners, posts) or chosen from the seeded database by what
 * they are (venues), never by their position in a list. Each throws with the answer's status and
 * text when the app refuses, so a broken precondition reads as such and not as a later mismatch.
 */

/** A signed-in person with a browser of their own (cookies kept by `agent`). */
export interface Person {
  agent: Agent;
  id: string;
  email: string;
  password: string;
  role: string;
  firstName: string;
  lastName: string;
}

/** Anything that knows the server's address: a TestServer, an Agent, or the URL itself. */
type Base = string | { url: string } | { base: string };
const baseOf = (b: Base) => (typeof b === "string" ? b : "url" in b ? b.url : b.base);

/**
 * Signs a new person up on `server` (a unique address unless `email` is given) and returns them
 * with their agent. `firstName` also prefixes the address, so a failing test names who it was.
 */
export async function person(
  server: Base,
  opts: { firstName?: string; lastName?: string; email?: string; password?: string } = {},
): Promise<Person> {
  const firstName = opts.firstName ?? "Pat";
  const lastName = opts.lastName ?? "Doe";
  const agent = new Agent(baseOf(server));
  const user = await signUp(agent, {
    firstName,
    lastName,
    email: opts.email ?? uniqueEmail(firstName.toLowerCase().replace(/[^a-z]/g, "") || "user"),
    ...(opts.password ? { password: opts.password } : {}),
  });
  return { agent, firstName, lastName, ...user };
}

/**
 * A person (as `person`) whose email is proven, as following the verification link makes it: their
 * crowd vibe votes count (docs/vibe-votes.md). Answers once the server's caches know.
 */
export async function provenPerson(
  server: { url: string; db: Db; ctx: { changes: { settle(): Promise<void> } } },
  opts: Parameters<typeof person>[1] = {},
): Promise<Person> {
  const who = await person(server, opts);
  await markEmailVerified(server.db, who.id);
  await server.ctx.changes.settle();
  return who;
}

/** `a` asks, `b` accepts: they are friends (201 then 200, or it throws). */
export async function befriend(a: Pick<Person, "agent" | "id">, b: Pick<Person, "agent" | "id">) {
  const asked = await a.agent.post("/api/friends/request", { friendId: b.id });
  if (asked.status !== 201) throw new Error(`friend request failed: ${asked.status} ${asked.text}`);
  const accepted = await b.agent.post(`/api/friends/accept/${a.id}`);
  if (accepted.status !== 200) throw new Error(`friend accept failed: ${accepted.status} ${accepted.text}`);
}

/**
 * A new person made owner of `venue` by `admin` (an agent signed in as an admin: signUpAdmin).
 * The address is sent in capitals, as an admin may type it.
 */
export async function owner(admin: Agent, venue: { id: number }, opts: Parameters<typeof person>[1] = {}) {
  const who = await person(admin.base, opts);
  const res = await admin.post(`/api/admin/venues/${venue.id}/owner`, { email: who.email.toUpperCase() });
  if (res.status !== 201) throw new Error(`making an owner failed: ${res.status} ${res.text}`);
  return who;
}

/** A post (check-in) by `author` at `venueId`, with the vibes and text given; answers the post. */
export async function post(
  author: Pick<Person, "agent">,
  venueId: number,
  body: { vibes?: string[]; content?: string; [k: string]: unknown } = {},
) {
  const res = await author.agent.post("/api/posts", { venueId, vibes: ["Chill"], content: "Nice spot", ...body });
  if (res.status !== 201) throw new Error(`post failed: ${res.status} ${res.text}`);
  return res.body as { id: string; [k: string]: unknown };
}

/** San Francisco's centre, where API tests ask for venues (latitude=37.7749&longitude=-122.4194). */
export const SF = { latitude: 37.7749, longitude: -122.4194 } as const;

/** A venue as stored: what a test chooses it by and needs to name it. */
export interface StoredVenueRow {
  id: number;
  /** The id in the venue's URL (GET /api/venues/:externalId). */
  externalId: string;
  name: string;
  category: string;
  detectedVibes: string[];
  latitude: number;
  longitude: number;
  source: string;
  rating: number | null;
  openingHours: string | null;
  /** Metres from the wish's `near` point (from SF's centre when none was given). */
  distanceM: number;
}

/** What a test wants of a venue. Unset fields do not matter. */
export interface VenueWish {
  category?: "Bar" | "Restaurant" | "Cafe" | "Club";
  /** OpenStreetMap opening hours known (true) or not (false). */
  withHours?: boolean;
  /** A rating known (true) or not (false). */
  rated?: boolean;
  source?: "osm" | "datasf";
  /** With a vibe detected (true) or none (false). */
  withVibes?: boolean;
  /** The name contains this (any case). */
  named?: string;
  /** The nearest to this point first (SF's centre by default), and within `withinM` metres of it. */
  near?: { latitude: number; longitude: number };
  withinM?: number;
  /**
   * Untouched: no owner, no live update, no post, no favourite, and not handed out before by
   * `venue(db, { fresh: true })` on this database in this process. For tests whose state on a
   * venue must not meet another test's.
   */
  fresh?: boolean;
}

const handedOut = new WeakMap<Db, Set<number>>();

/**
 * The venues of the seeded database that are what `wish` says, nearest first: `n` of them, or an
 * error naming the wish when there are fewer. Distances are a flat-earth approximation (good to a
 * fraction of a percent across a city), used only to order and bound the choice.
 */
export async function venues(db: Db, wish: VenueWish, n: number): Promise<StoredVenueRow[]> {
  const at = wish.near ?? SF;
  const taken = handedOut.get(db) ?? new Set<number>();
  handedOut.set(db, taken);
  const where: string[] = [];
  const params: unknown[] = [at.latitude, at.longitude];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (wish.category) where.push(`category = ${param(wish.category)}`);
  if (wish.source) where.push(`source = ${param(wish.source)}`);
  if (wish.named) where.push(`name ILIKE ${param(`%${wish.named}%`)}`);
  if (wish.withHours !== undefined) where.push(`"openingHours" IS ${wish.withHours ? "NOT " : ""}NULL`);
  if (wish.withVibes !== undefined) where.push(`cardinality("detectedVibes") ${wish.withVibes ? ">" : "="} 0`);
  if (wish.rated !== undefined) where.push(`rating IS ${wish.rated ? "NOT " : ""}NULL`);
  if (wish.withinM !== undefined) where.push(`"distanceM" <= ${param(wish.withinM)}`);
  if (wish.fresh) {
    where.push(
      "NOT EXISTS (SELECT 1 FROM venue_owners o WHERE o.venue_id = v.id)",
      "NOT EXISTS (SELECT 1 FROM venue_updates u WHERE u.venue_id = v.id)",
      "NOT EXISTS (SELECT 1 FROM posts p WHERE p.venue_id = v.id)",
      "NOT EXISTS (SELECT 1 FROM favorites f WHERE f.venue_id = v.id)",
    );
    if (taken.size) where.push(`NOT (v.id = ANY(${param([...taken])}::int[]))`);
  }
  const rows = await db.query<StoredVenueRow>(
    `SELECT * FROM (
       SELECT v.id, v.external_id AS "externalId", v.detected_vibes AS "detectedVibes", v.name, v.category,
              v.latitude, v.longitude, v.source, v.rating,
              v.opening_hours AS "openingHours",
              6371008.8 * sqrt(power(radians(v.latitude - $1), 2)
                + power(radians(v.longitude - $2) * cos(radians($1::float8)), 2)) AS "distanceM"
       FROM venues v) v
     ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY "distanceM", id
     LIMIT ${Math.max(1, Math.floor(n))}`,
    params,
  );
  if (rows.length < n) throw new Error(`only ${rows.length} of ${n} venues are ${JSON.stringify(wish)}`);
  if (wish.fresh) for (const r of rows) taken.add(r.id);
  return rows;
}

/** The nearest venue that is what `wish` says (see `venues`). */
export async function venue(db: Db, wish: VenueWish = {}): Promise<StoredVenueRow> {
  return (await venues(db, wish, 1))[0];
}
