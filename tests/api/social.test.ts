import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COORDS } from "@shared/vocabulary";
import { commentSchema, friendSchema, groupSchema, postSchema, userSearchResultSchema } from "@shared/contracts/social";
import { befriend, person as newPerson, venue } from "../helpers/factories";
import { Agent, type Res } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

const here = `latitude=${DEFAULT_COORDS.latitude}&longitude=${DEFAULT_COORDS.longitude}`;

describe.each(dbTargets())("social on %s", (target) => {
  let server: TestServer;
  let root: Agent;
  let venueId: number;
  let venueName: string;

  beforeAll(async () => {
    server = await startServer(target);
    root = new Agent(server.url);
    const v = await venue(server.db); // any venue: the nearest to the city's centre
    venueId = v.id;
    venueName = v.name;
  });
  afterAll(async () => server?.close());

  /** A signed-in person with their own browser (tests/helpers/factories.ts). */
  const person = (firstName?: string, lastName?: string) => newPerson(server, { firstName, lastName });
  const post = (p: { agent: Agent }, body: object) => p.agent.post("/api/posts", body);

  describe("posts and the feed", () => {
    it("creates a post at a venue (a check-in) and shows it in the author's feed", async () => {
      const ann = await person("Ann");
      const res = await post(ann, { venueId, vibes: ["Chill", "Cozy"], content: "  Great coffee  " });
      expect(res.status).toBe(201);
      expect(postSchema.strict().parse(res.body)).toMatchObject({
        user: { id: ann.id, firstName: "Ann", lastName: "Doe" },
        vibes: ["Chill", "Cozy"],
        content: "Great coffee",
        venue: { id: venueId, name: venueName },
        locationText: null,
        likeCount: 0,
        commentCount: 0,
        isLiked: false,
      });
      const feed = await ann.agent.get("/api/posts/feed");
      expect(feed.status).toBe(200);
      expect(feed.body[0].id).toBe(res.body.id);
    });

    it("keeps a custom location only when no venue is chosen", async () => {
      const ann = await person();
      const custom = await post(ann, { locationText: "Dolores Park", vibes: ["Chill"] });
      expect(custom.body).toMatchObject({ venue: null, locationText: "Dolores Park", content: null });
      const both = await post(ann, { venueId, locationText: "ignored", vibes: ["Chill"] });
      expect(both.body).toMatchObject({ venue: { id: venueId }, locationText: null });
    });

    it.each([
      [{ vibes: [] }, "Select at least one vibe"],
      [{}, "vibes must be a list"],
      [{ vibes: ["Chill", "Cozy", "Loud", "Quiet", "Romantic", "Energetic"] }, "Select at most 5 vibes"],
      [{ vibes: ["Sleepy"] }, "Unknown vibe"],
      [{ vibes: ["Chill"], content: "x".repeat(501) }, "Caption can be at most 500 characters"],
      [{ vibes: ["Chill"], locationText: "x".repeat(121) }, "Location can be at most 120 characters"],
      [{ vibes: ["Chill"], venueId: "12" }, "venueId must be a number"],
      [{ vibes: ["Chill"], venueId: 999999 }, "Unknown venue"],
      [{ vibes: ["Chill"], venueId: -4 }, "Unknown venue"],
    ])("refuses %j with 400", async (body, message) => {
      const ann = await person();
      const res = await post(ann, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("shows friends' posts, newest first, but not strangers'", async () => {
      const [ann, bob, eve] = [await person("Ann"), await person("Bob"), await person("Eve")];
      await befriend(ann, bob);
      const first = (await post(bob, { vibes: ["Loud"], content: "bob 1" })).body;
      const second = (await post(ann, { vibes: ["Quiet"], content: "ann 1" })).body;
      await post(eve, { vibes: ["Chill"], content: "eve 1" });
      const feed = (await ann.agent.get("/api/posts/feed")).body;
      expect(feed.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
      expect((await eve.agent.get("/api/posts/feed")).body.map((p: { content: string }) => p.content)).toEqual([
        "eve 1",
      ]);
    });

    it("pages by cursor without gaps or repeats", async () => {
      const ann = await person();
      const made: string[] = [];
      for (let i = 0; i < 7; i++) made.unshift((await post(ann, { vibes: ["Chill"], content: `n${i}` })).body.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: Res = await ann.agent.get(`/api/posts/feed?limit=3${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.map((p: { id: string }) => p.id));
        cursor = res.headers.get("x-next-cursor");
      } while (cursor);
      expect(seen).toEqual(made);
      expect((await ann.agent.get("/api/posts/feed?cursor=garbage")).status).toBe(400);
      expect((await ann.agent.get("/api/posts/feed?limit=1000")).status).toBe(400);
    });

    it("needs a session", async () => {
      expect((await root.fresh().get("/api/posts/feed")).status).toBe(401);
      expect((await root.fresh().post("/api/posts", { vibes: ["Chill"] })).status).toBe(401);
    });
  });

  describe("likes and comments", () => {
    it("a friend likes (toggle) and comments; counts and isLiked follow", async () => {
      const [ann, bob] = [await person("Ann"), await person("Bob")];
      await befriend(ann, bob);
      const p = (await post(ann, { vibes: ["Chill"] })).body;
      expect((await bob.agent.post(`/api/posts/${p.id}/like`)).body).toEqual({ liked: true, likeCount: 1 });
      expect((await ann.agent.post(`/api/posts/${p.id}/like`)).body).toEqual({ liked: true, likeCount: 2 });
      expect((await bob.agent.post(`/api/posts/${p.id}/like`)).body).toEqual({ liked: false, likeCount: 1 });
      const c = await bob.agent.post(`/api/posts/${p.id}/comments`, { content: "  see you there " });
      expect(c.status).toBe(201);
      expect(commentSchema.strict().parse(c.body)).toMatchObject({
        content: "see you there",
        user: { firstName: "Bob" },
      });
      const list = await ann.agent.get(`/api/posts/${p.id}/comments`);
      expect(list.body.map((x: { content: string }) => x.content)).toEqual(["see you there"]);
      const feedItem = (await ann.agent.get("/api/posts/feed")).body.find((x: { id: string }) => x.id === p.id);
      expect(feedItem).toMatchObject({ likeCount: 1, commentCount: 1, isLiked: true });
    });

    it("likes at the same moment all count, and the count always equals the likes stored", async () => {
      const ann = await person("Ann");
      const friends = await Promise.all(Array.from({ length: 6 }, (_, i) => person(`Fan${i}`)));
      for (const f of friends) await befriend(ann, f);
      const p = (await post(ann, { vibes: ["Chill"] })).body;
      const stored = async () => {
        const [row] = await server.db.query<{ like_count: number; likes: string }>(
          "SELECT like_count, (SELECT count(*) FROM post_likes WHERE post_id = $1) AS likes FROM posts WHERE id = $1",
          [p.id],
        );
        return { likeCount: row.like_count, likes: Number(row.likes) };
      };
      // six friends at once: every one liked, the last answer to finish saw all six
      const answers = await Promise.all(friends.map((f) => f.agent.post(`/api/posts/${p.id}/like`)));
      expect(answers.map((a) => a.body.liked)).toEqual(friends.map(() => true));
      expect(Math.max(...answers.map((a) => a.body.likeCount))).toBe(6);
      expect(await stored()).toEqual({ likeCount: 6, likes: 6 });
      // one person pressing twice at once: whatever the answers, stored count and likes agree
      const [x, y] = await Promise.all([
        friends[0].agent.post(`/api/posts/${p.id}/like`),
        friends[0].agent.post(`/api/posts/${p.id}/like`),
      ]);
      expect([x.status, y.status]).toEqual([200, 200]);
      const after = await stored();
      expect(after.likeCount).toBe(after.likes);
      expect([5, 6]).toContain(after.likes);
      // and a third press moves it by exactly one
      const z = await friends[0].agent.post(`/api/posts/${p.id}/like`);
      expect(z.body.likeCount).toBe(after.likes + (z.body.liked ? 1 : -1));
      expect(await stored()).toEqual({ likeCount: z.body.likeCount, likes: z.body.likeCount });
    });

    it("a stranger can neither see, like nor comment: 404", async () => {
      const [ann, eve] = [await person("Ann"), await person("Eve")];
      const p = (await post(ann, { vibes: ["Chill"] })).body;
      for (const res of [
        await eve.agent.post(`/api/posts/${p.id}/like`),
        await eve.agent.get(`/api/posts/${p.id}/comments`),
        await eve.agent.post(`/api/posts/${p.id}/comments`, { content: "hi" }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Post not found");
      }
      const [row] = await server.db.query<{ like_count: number; comment_count: number }>(
        "SELECT like_count, comment_count FROM posts WHERE id = $1",
        [p.id],
      );
      expect(row).toEqual({ like_count: 0, comment_count: 0 });
    });

    it("blank comments are 400; bad and unknown post ids are 400 and 404", async () => {
      const ann = await person();
      const p = (await post(ann, { vibes: ["Chill"] })).body;
      for (const body of [{ content: "" }, { content: "   \n\t " }, {}]) {
        const res = await ann.agent.post(`/api/posts/${p.id}/comments`, body);
        expect(res.status).toBe(400);
      }
      expect((await ann.agent.post(`/api/posts/${p.id}/comments`, { content: "" })).body.message).toBe(
        "Comment cannot be empty",
      );
      expect((await ann.agent.post(`/api/posts/${p.id}/comments`, { content: "x".repeat(501) })).status).toBe(400);
      expect((await ann.agent.post("/api/posts/not-a-uuid/like")).status).toBe(400);
      expect((await ann.agent.post("/api/posts/00000000-0000-4000-8000-000000000000/like")).status).toBe(404);
    });
  });

  describe("friends", () => {
    it("searches by name or exact email, any case, never the caller, guests or private fields", async () => {
      const ann = await person("Annabel", "Searchable");
      const bob = await person("Bob", "Finder");
      const res = await bob.agent.get("/api/users/search?q=SEARCHAB");
      expect(res.status).toBe(200);
      expect(res.body.map((u: { id: string }) => u.id)).toEqual([ann.id]);
      userSearchResultSchema.strict().parse(res.body[0]);
      expect(res.text).not.toMatch(/password|privacy|preferred|role/i);
      // by email only exactly (tests/api/social-trust.test.ts: no part of an address finds anyone)
      expect(
        (await bob.agent.get(`/api/users/search?q=${encodeURIComponent(ann.email.toUpperCase())}`)).body.map(
          (u: { id: string }) => u.id,
        ),
      ).toEqual([ann.id]);
      expect((await ann.agent.get("/api/users/search?q=Searchable")).body).toEqual([]);
      const guest = root.fresh();
      await guest.post("/api/auth/dev-login");
      expect((await bob.agent.get("/api/users/search?q=Guest")).body).toEqual([]);
    });

    it("needs 2 characters to search", async () => {
      const ann = await person();
      for (const q of ["", "a", "%20a%20"]) {
        const res = await ann.agent.get(`/api/users/search?q=${q}`);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe("Search needs at least 2 characters");
      }
      expect((await ann.agent.get("/api/users/search")).status).toBe(400);
      expect((await root.fresh().get("/api/users/search?q=ab")).status).toBe(401);
    });

    it("sends, lists, accepts and rejects requests, only by the recipient", async () => {
      const [ann, bob, cat] = [await person("Ann"), await person("Bob"), await person("Cat")];
      expect((await ann.agent.post("/api/friends/request", { friendId: bob.id })).status).toBe(201);
      const requests = await bob.agent.get("/api/friends/requests");
      expect(requests.body).toEqual([
        {
          friendship: { id: expect.any(String), createdAt: expect.any(String) },
          user: { id: ann.id, firstName: "Ann", lastName: "Doe", email: ann.email },
        },
      ]);
      expect((await ann.agent.get("/api/friends/requests")).body).toEqual([]);
      // the sender cannot accept their own request; a third person cannot either
      expect((await ann.agent.post(`/api/friends/accept/${bob.id}`)).status).toBe(404);
      expect((await cat.agent.post(`/api/friends/accept/${ann.id}`)).status).toBe(404);
      expect((await bob.agent.post(`/api/friends/accept/${ann.id}`)).body).toEqual({ status: "accepted" });
      expect((await ann.agent.get("/api/friends")).body.map((f: { id: string }) => f.id)).toEqual([bob.id]);
      expect((await bob.agent.get("/api/friends")).body.map((f: { id: string }) => f.id)).toEqual([ann.id]);
      // reject
      await cat.agent.post("/api/friends/request", { friendId: bob.id });
      expect((await bob.agent.post(`/api/friends/reject/${cat.id}`)).body).toEqual({ status: "rejected" });
      expect((await bob.agent.get("/api/friends/requests")).body).toEqual([]);
      expect((await bob.agent.post(`/api/friends/reject/${cat.id}`)).status).toBe(404);
      expect((await bob.agent.get("/api/friends")).body.map((f: { id: string }) => f.id)).toEqual([ann.id]);
    });

    it.each([
      ["self", 400, "You cannot send a friend request to yourself"],
      ["twice", 409, "Friend request already sent"],
      ["reverse", 409, "They already sent you a request: accept it in Requests"],
      ["friend", 409, "You are already friends"],
      ["unknown", 404, "User not found"],
      ["bad", 400, "Unknown user"],
    ])("refuses a request to %s", async (kind, status, message) => {
      const [ann, bob] = [await person("Ann"), await person("Bob")];
      let res;
      if (kind === "self") res = await ann.agent.post("/api/friends/request", { friendId: ann.id });
      else if (kind === "twice") {
        await ann.agent.post("/api/friends/request", { friendId: bob.id });
        res = await ann.agent.post("/api/friends/request", { friendId: bob.id });
      } else if (kind === "reverse") {
        await bob.agent.post("/api/friends/request", { friendId: ann.id });
        res = await ann.agent.post("/api/friends/request", { friendId: bob.id });
      } else if (kind === "friend") {
        await befriend(ann, bob);
        res = await ann.agent.post("/api/friends/request", { friendId: bob.id });
      } else if (kind === "unknown")
        res = await ann.agent.post("/api/friends/request", { friendId: "00000000-0000-4000-8000-000000000000" });
      else res = await ann.agent.post("/api/friends/request", { friendId: "robert" });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    });

    it("shows a friend's preferred vibes only when they share vibes", async () => {
      const [ann, bob] = [await person("Ann"), await person("Bob")];
      await befriend(ann, bob);
      await bob.agent.patch("/api/users/preferences", { preferredVibes: ["Chill", "Live Music"] });
      const [friend] = (await ann.agent.get("/api/friends")).body;
      expect(friendSchema.strict().parse(friend).preferredVibes).toEqual(["Chill", "Live Music"]);
      await bob.agent.patch("/api/users/privacy", { privacyShareVibes: false });
      expect((await ann.agent.get("/api/friends")).body[0].preferredVibes).toEqual([]);
    });
  });

  describe("groups", () => {
    it("creates a group of friends with mixed vibes, lists it for members, deletes by creator only", async () => {
      const [ann, bob, cat] = [await person("Ann"), await person("Bob"), await person("Cat")];
      await befriend(ann, bob);
      await befriend(ann, cat);
      await bob.agent.post("/api/vibes", { vibes: ["Chill", "Cozy"], isPrivate: false });
      await cat.agent.patch("/api/users/preferences", { preferredVibes: ["Cozy"] });
      const res = await ann.agent.post("/api/groups", { name: "  Friday crew ", memberIds: [bob.id, cat.id, ann.id] });
      expect(res.status).toBe(201);
      expect(groupSchema.strict().parse(res.body)).toMatchObject({
        name: "Friday crew",
        memberCount: 3,
        isCreator: true,
        mixedVibes: ["Cozy", "Chill"],
      });
      const forBob = (await bob.agent.get("/api/groups")).body;
      expect(forBob).toHaveLength(1);
      expect(forBob[0]).toMatchObject({ id: res.body.id, isCreator: false, memberCount: 3 });
      // group venues use the mixed vibes
      const venues = await bob.agent.get(`/api/groups/${res.body.id}/venues?${here}&radius=10`);
      expect(venues.status).toBe(200);
      expect(venues.body.vibes).toEqual(["Cozy", "Chill"]);
      expect(venues.body.venues.length).toBeGreaterThan(0);
      // only its creator deletes it; a stranger does not even see it
      const eve = await person("Eve");
      expect((await eve.agent.get(`/api/groups/${res.body.id}/venues?${here}&radius=10`)).status).toBe(404);
      expect((await eve.agent.delete(`/api/groups/${res.body.id}`)).status).toBe(404);
      const byBob = await bob.agent.delete(`/api/groups/${res.body.id}`);
      expect(byBob.status).toBe(403);
      expect(byBob.body.message).toBe("Only the group's creator can delete it");
      expect((await ann.agent.delete(`/api/groups/${res.body.id}`)).body).toEqual({ deleted: true });
      expect((await bob.agent.get("/api/groups")).body).toEqual([]);
    });

    it("mixes only the vibes members share", async () => {
      const [ann, bob] = [await person("Ann"), await person("Bob")];
      await befriend(ann, bob);
      await bob.agent.post("/api/vibes", { vibes: ["Loud"], isPrivate: false });
      await bob.agent.patch("/api/users/privacy", { privacyShareVibes: false });
      const g = (await ann.agent.post("/api/groups", { name: "g", memberIds: [bob.id] })).body;
      expect(g.mixedVibes).toEqual([]);
      // a selection saved as private is not shared either
      await bob.agent.patch("/api/users/privacy", { privacyShareVibes: true });
      await bob.agent.post("/api/vibes", { vibes: ["Quiet"], isPrivate: true });
      expect((await ann.agent.get("/api/groups")).body[0].mixedVibes).toEqual(["Loud"]);
    });

    it.each([
      [{ name: "   ", memberIds: ["00000000-0000-4000-8000-000000000000"] }, "Please enter a group name"],
      [{ memberIds: [] }, "Please enter a group name"],
      [
        { name: "\u200B\u200E\u3164\u2800", memberIds: ["00000000-0000-4000-8000-000000000000"] },
        "A name needs at least one visible character",
      ],
      [{ name: "x", memberIds: [] }, "Please select at least one friend"],
      [{ name: "x" }, "Please select at least one friend"],
      [{ name: "x", memberIds: ["nope"] }, "Unknown friend"],
      [{ name: "x", memberIds: ["00000000-0000-4000-8000-000000000000"] }, "Every member must be one of your friends"],
      [
        { name: "x".repeat(61), memberIds: ["00000000-0000-4000-8000-000000000000"] },
        "Group names can be at most 60 characters",
      ],
    ])("refuses %j with 400", async (body, message) => {
      const ann = await person();
      const res = await ann.agent.post("/api/groups", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it("refuses a member who is not the creator's friend", async () => {
      const [ann, bob, eve] = [await person("Ann"), await person("Bob"), await person("Eve")];
      await befriend(ann, bob);
      const res = await ann.agent.post("/api/groups", { name: "x", memberIds: [bob.id, eve.id] });
      expect(res.status).toBe(400);
      expect((await ann.agent.get("/api/groups")).body).toEqual([]);
    });
  });

  describe("preferences and privacy", () => {
    it("saves preferences from the spec's lists and answers the updated user", async () => {
      const ann = await person();
      const res = await ann.agent.patch("/api/users/preferences", {
        preferredVibes: ["Chill", "Focused"],
        dietaryRestrictions: ["Vegan", "Halal"],
        budgetPreference: "Moderate ($$)",
        favoriteCategories: ["Coffee Shops", "Live Music"],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        preferredVibes: ["Chill", "Focused"],
        dietaryRestrictions: ["Vegan", "Halal"],
        budgetPreference: "Moderate ($$)",
        favoriteCategories: ["Coffee Shops", "Live Music"],
      });
      // fields left out stay; an empty list clears (the dialog only hints to choose a vibe)
      const next = await ann.agent.patch("/api/users/preferences", { preferredVibes: [] });
      expect(next.body).toMatchObject({
        preferredVibes: [],
        dietaryRestrictions: ["Vegan", "Halal"],
        budgetPreference: "Moderate ($$)",
      });
      expect(
        (await ann.agent.patch("/api/users/preferences", { budgetPreference: null })).body.budgetPreference,
      ).toBeNull();
    });

    it.each([
      [{ preferredVibes: ["Sleepy"] }, "Unknown vibe"],
      [{ preferredVibes: ["Whiskey"] }, "Unknown vibe"],
      [{ dietaryRestrictions: ["Carnivore"] }, "Unknown dietary restriction"],
      [{ budgetPreference: "Free" }, "Unknown budget"],
      [{ favoriteCategories: ["Bowling"] }, "Unknown category"],
      [{ preferredVibes: "Chill" }, "vibe must be a list"],
      [{ role: "admin" }, 'Unrecognized key: "role"'],
    ])("refuses preferences %j with 400", async (body, message) => {
      const ann = await person();
      const res = await ann.agent.patch("/api/users/preferences", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await ann.agent.get("/api/auth/me")).body.role).toBe("user");
    });

    it("saves the three privacy settings and refuses anything else", async () => {
      const ann = await person();
      const res = await ann.agent.patch("/api/users/privacy", {
        privacyShareVibes: false,
        privacyShareLocation: false,
        privacyActivityFeed: false,
      });
      expect(res.body).toMatchObject({
        privacyShareVibes: false,
        privacyShareLocation: false,
        privacyActivityFeed: false,
      });
      expect((await ann.agent.patch("/api/users/privacy", { privacyActivityFeed: true })).body).toMatchObject({
        privacyShareVibes: false,
        privacyActivityFeed: true,
      });
      expect((await ann.agent.patch("/api/users/privacy", { privacyShareVibes: "no" })).status).toBe(400);
      expect((await ann.agent.patch("/api/users/privacy", { isGuest: true })).status).toBe(400);
      expect((await root.fresh().patch("/api/users/privacy", { privacyShareVibes: true })).status).toBe(401);
    });
  });

  describe("privacy is enforced by the server", () => {
    it("privacyActivityFeed off hides the person's posts from friends' feeds, likes and comments", async () => {
      const [ann, bob] = [await person("Ann"), await person("Bob")];
      await befriend(ann, bob);
      const p = (await post(bob, { vibes: ["Loud"], content: "secret" })).body;
      expect((await ann.agent.get("/api/posts/feed")).body.map((x: { id: string }) => x.id)).toContain(p.id);
      await bob.agent.patch("/api/users/privacy", { privacyActivityFeed: false });
      expect((await ann.agent.get("/api/posts/feed")).body.map((x: { id: string }) => x.id)).not.toContain(p.id);
      expect((await ann.agent.post(`/api/posts/${p.id}/like`)).status).toBe(404);
      expect((await ann.agent.get(`/api/posts/${p.id}/comments`)).status).toBe(404);
      // the author still sees their own posts
      expect((await bob.agent.get("/api/posts/feed")).body.map((x: { id: string }) => x.id)).toContain(p.id);
    });

    it("privacyShareLocation off never stores a location with a post", async () => {
      const ann = await person();
      await ann.agent.patch("/api/users/privacy", { privacyShareLocation: false });
      const p = (await post(ann, { venueId, locationText: "home", vibes: ["Chill"] })).body;
      expect(p).toMatchObject({ venue: null, locationText: null });
      const [row] = await server.db.query<{ venue_id: number | null; location_text: string | null }>(
        "SELECT venue_id, location_text FROM posts WHERE id = $1",
        [p.id],
      );
      expect(row).toEqual({ venue_id: null, location_text: null });
    });

    it("privacyShareVibes off hides vibes from friends and groups (above) and saves selections private", async () => {
      const ann = await person();
      await ann.agent.patch("/api/users/privacy", { privacyShareVibes: false });
      expect((await ann.agent.post("/api/vibes", { vibes: ["Chill"], isPrivate: false })).body.isPrivate).toBe(true);
    });
  });
});
