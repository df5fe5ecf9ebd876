import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { blockedPersonSchema, commentSchema, userSearchResultSchema } from "@shared/contracts/social";
import { befriend, type Person, person as newPerson } from "../helpers/factories";
import { Agent, uniqueEmail } from "../helpers/http";
import { signUpAdmin, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

/**
 * Issue 14's social findings: people search that cannot harvest addresses, leaving a group,
 * blocking, comments that follow privacyActivityFeed, and search-match figures that repeated
 * calls cannot pump.
 */
describe.each(dbTargets())("social trust on %s", (target) => {
  let server: TestServer;
  let root: Agent;
  let run = 0;
  const adminEmail = uniqueEmail("trust-admin");

  beforeAll(async () => {
    // behind a trusted proxy, so a test can speak from several client addresses
    server = await startServer(target, {}, { TRUST_PROXY: "1", ADMIN_EMAILS: adminEmail });
    root = new Agent(server.url);
  });
  afterAll(async () => server?.close());

  /** A name no other test (or test file on a shared database) uses. */
  const unique = (name: string) =>
    `${name}${Date.now().toString(36)}${process.pid}${++run}`.replace(/\d/g, (d) => "qwertyuiop"[Number(d)]);

  const person = (firstName?: string, lastName?: string, email?: string) =>
    newPerson(server, { firstName, lastName, email });
  const search = async (who: Person, q: string) => {
    const res = await who.agent.get(`/api/users/search?q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    return res.body as Array<{ id: string; email: string | null; friendshipStatus: string }>;
  };

  describe("people search cannot harvest addresses", () => {
    it("refuses guests with 403 and a message", async () => {
      const guest = root.fresh();
      expect((await guest.post("/api/auth/dev-login")).status).toBe(200);
      const res = await guest.get("/api/users/search?q=example.com");
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: FRIENDS_TEXT.guestSearch });
    });

    it("finds nobody by part of an address or by a domain, only by the exact address", async () => {
      const surname = unique("Harvest");
      const sam = await person("Sam", surname, `sam.${surname.toLowerCase()}@example.com`);
      const eve = await person("Eve", unique("Looker"));
      for (const q of [
        "@example.com",
        "example.com",
        `sam.${surname.toLowerCase()}`,
        `sam.${surname.toLowerCase()}@exa`,
      ])
        expect(await search(eve, q), q).toEqual([]);
      // exactly, in any case and with spaces around: found, with the address shown (it was typed)
      const found = await search(eve, `  SAM.${surname.toUpperCase()}@Example.com `);
      expect(found.map((u) => u.id)).toEqual([sam.id]);
      expect(userSearchResultSchema.strict().parse(found[0]).email).toBe(sam.email);
    });

    it("masks a stranger's address in a name search, shows it to friends and pending requests", async () => {
      const surname = unique("Masked");
      const [stranger, friend, asked, asker] = [
        await person("Stan", surname, `stan.${surname.toLowerCase()}@example.com`),
        await person("Fran", surname),
        await person("Ash", surname),
        await person("Axel", surname),
      ];
      const me = await person("Me", unique("Searcher"));
      await befriend(me, friend);
      expect((await me.agent.post("/api/friends/request", { friendId: asked.id })).status).toBe(201);
      expect((await asker.agent.post("/api/friends/request", { friendId: me.id })).status).toBe(201);
      const byId = new Map((await search(me, surname)).map((u) => [u.id, u]));
      expect(byId.size).toBe(4);
      expect(byId.get(stranger.id)).toMatchObject({ friendshipStatus: "none", email: "s•••@example.com" });
      expect(byId.get(friend.id)).toMatchObject({ friendshipStatus: "friends", email: friend.email });
      expect(byId.get(asked.id)).toMatchObject({ friendshipStatus: "pending_sent", email: asked.email });
      expect(byId.get(asker.id)).toMatchObject({ friendshipStatus: "pending_received", email: asker.email });
      // the result keeps the spec's layout: the same fields, a masked email in the email field
      for (const u of byId.values()) userSearchResultSchema.strict().parse(u);
    });
  });

  describe("People can find me by my email (issue 27)", () => {
    const me = async (who: Agent) => (await who.get("/api/auth/me")).body as Record<string, unknown>;
    const found = async (who: Person, email: string) => (await search(who, email)).map((u) => u.id);

    it("on by default; off, an exact email search finds nobody, while the name still finds them", async () => {
      const eve = await person("Eve", unique("Seeker"));
      const surname = unique("Hidden");
      const ida = await person("Ida", surname);
      expect(await me(ida.agent)).toMatchObject({ privacyFindByEmail: true });
      expect(await found(eve, ida.email)).toEqual([ida.id]);
      const off = await ida.agent.patch("/api/users/privacy", { privacyFindByEmail: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ privacyFindByEmail: false, privacyShareVibes: true });
      expect(await found(eve, ida.email)).toEqual([]);
      expect(await found(eve, ida.email.toUpperCase())).toEqual([]);
      // the name still finds her, with her address masked
      const byName = await search(eve, surname);
      expect(byName.map((u) => u.id)).toEqual([ida.id]);
      expect(byName[0].email).not.toBe(ida.email);
      expect((await ida.agent.patch("/api/users/privacy", { privacyFindByEmail: "no" })).status).toBe(400);
      expect((await ida.agent.patch("/api/users/privacy", { privacyFindByEmail: true })).status).toBe(200);
      expect(await found(eve, ida.email)).toEqual([ida.id]);
    });

    it("keeps admins out of email search unless they turn it on", async () => {
      const eve = await person("Eve", unique("Seeker"));
      // an address in ADMIN_EMAILS (proven), and an admin an operator granted
      const listed = root.fresh();
      const listedAdmin = await signUpAdmin(server, listed, { email: adminEmail });
      expect(await me(listed)).toMatchObject({ role: "admin", privacyFindByEmail: false });
      const granted = await person("Gus", unique("Granted"));
      await server.db.query("UPDATE users SET role = 'admin' WHERE id = $1", [granted.id]);
      await server.ctx.changes.settle();
      expect(await me(granted.agent)).toMatchObject({ role: "admin", privacyFindByEmail: false });
      expect(await found(eve, adminEmail)).toEqual([]);
      expect(await found(eve, granted.email)).toEqual([]);
      // an admin who chooses to be found is found
      expect((await listed.patch("/api/users/privacy", { privacyFindByEmail: true })).status).toBe(200);
      expect(await found(eve, adminEmail)).toEqual([listedAdmin.id]);
      expect(await found(eve, granted.email)).toEqual([]);
    });
  });

  describe("leaving a group", () => {
    it("a member leaves; the creator cannot (deletes instead); a stranger gets 404", async () => {
      const [ann, bob, cat, eve] = [await person("Ann"), await person("Bob"), await person("Cat"), await person("Eve")];
      await befriend(ann, bob);
      await befriend(ann, cat);
      const g = (await ann.agent.post("/api/groups", { name: "Crew", memberIds: [bob.id, cat.id] })).body;
      const left = await bob.agent.post(`/api/groups/${g.id}/leave`);
      expect(left.status).toBe(200);
      expect(left.body).toEqual({ left: true });
      expect((await bob.agent.get("/api/groups")).body).toEqual([]);
      const forAnn = (await ann.agent.get("/api/groups")).body[0];
      expect(forAnn).toMatchObject({ id: g.id, memberCount: 2 });
      expect(forAnn.members.map((m: { id: string }) => m.id).sort()).toEqual([ann.id, cat.id].sort());
      // again, or someone never in it: as if the group did not exist
      expect((await bob.agent.post(`/api/groups/${g.id}/leave`)).status).toBe(404);
      expect((await eve.agent.post(`/api/groups/${g.id}/leave`)).body).toEqual({ message: "Group not found" });
      const byCreator = await ann.agent.post(`/api/groups/${g.id}/leave`);
      expect(byCreator.status).toBe(409);
      expect(byCreator.body).toEqual({ message: "You created this group: delete it instead" });
      expect((await ann.agent.post("/api/groups/not-a-group/leave")).status).toBe(400);
      expect((await root.fresh().post(`/api/groups/${g.id}/leave`)).status).toBe(401);
    });
  });

  describe("blocking", () => {
    it("ends the friendship, pending requests and shared groups; lists the block for the blocker only", async () => {
      const [ann, bob, cat] = [await person("Ann"), await person("Bob"), await person("Cat")];
      await befriend(ann, bob);
      await befriend(bob, cat);
      await befriend(ann, cat);
      const annsGroup = (await ann.agent.post("/api/groups", { name: "A", memberIds: [bob.id, cat.id] })).body;
      const bobsGroup = (await bob.agent.post("/api/groups", { name: "B", memberIds: [ann.id, cat.id] })).body;
      const res = await ann.agent.post("/api/blocks", { userId: bob.id });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ userId: bob.id, blocked: true });
      expect((await ann.agent.post("/api/blocks", { userId: bob.id })).status).toBe(200); // again: no change
      expect((await ann.agent.get("/api/friends")).body.map((f: { id: string }) => f.id)).toEqual([cat.id]);
      expect((await bob.agent.get("/api/friends")).body.map((f: { id: string }) => f.id)).toEqual([cat.id]);
      // each is out of the group the other created; cat's place in both stays
      const groupsOf = async (p: Person) =>
        Object.fromEntries(
          (await p.agent.get("/api/groups")).body.map((g: { id: string; members: { id: string }[] }) => [
            g.id,
            g.members.map((m) => m.id).sort(),
          ]),
        );
      expect(await groupsOf(cat)).toEqual({
        [annsGroup.id]: [ann.id, cat.id].sort(),
        [bobsGroup.id]: [bob.id, cat.id].sort(),
      });
      const list = await ann.agent.get("/api/blocks");
      expect(list.body).toHaveLength(1);
      expect(blockedPersonSchema.strict().parse(list.body[0])).toMatchObject({ id: bob.id, firstName: "Bob" });
      expect((await bob.agent.get("/api/blocks")).body).toEqual([]);
    });

    it("stops friend requests both ways (the blocked person is told nothing) and group adds", async () => {
      const [ann, bob, cat] = [await person("Ann"), await person("Bob"), await person("Cat")];
      expect((await bob.agent.post("/api/friends/request", { friendId: ann.id })).status).toBe(201);
      expect((await ann.agent.post("/api/blocks", { userId: bob.id })).status).toBe(201);
      expect((await ann.agent.get("/api/friends/requests")).body).toEqual([]); // the pending request is gone
      const fromBob = await bob.agent.post("/api/friends/request", { friendId: ann.id });
      expect(fromBob.status).toBe(404);
      expect(fromBob.body).toEqual({ message: "User not found" });
      const fromAnn = await ann.agent.post("/api/friends/request", { friendId: bob.id });
      expect(fromAnn.status).toBe(409);
      expect(fromAnn.body).toEqual({ message: "You blocked this person: unblock them first" });
      expect((await bob.agent.post(`/api/friends/accept/${ann.id}`)).status).toBe(404);
      // no group adds: a blocked person is nobody's friend of the other
      await befriend(ann, cat);
      const group = await ann.agent.post("/api/groups", { name: "x", memberIds: [cat.id, bob.id] });
      expect(group.status).toBe(400);
      expect(group.body).toEqual({ message: "Every member must be one of your friends" });
      // unblocked: requests work again
      const lifted = await ann.agent.delete(`/api/blocks/${bob.id}`);
      expect(lifted.body).toEqual({ userId: bob.id, blocked: false });
      expect((await ann.agent.delete(`/api/blocks/${bob.id}`)).body).toEqual({
        message: "You have not blocked this person",
      });
      expect((await bob.agent.post("/api/friends/request", { friendId: ann.id })).status).toBe(201);
    });

    it("hides each from the other's search", async () => {
      const surname = unique("Blocky");
      const [ann, bob] = [await person("Ann", surname), await person("Bob", surname)];
      expect((await search(ann, surname)).map((u) => u.id)).toEqual([bob.id]);
      expect((await search(bob, ann.email)).map((u) => u.id)).toEqual([ann.id]);
      await ann.agent.post("/api/blocks", { userId: bob.id });
      expect(await search(ann, surname)).toEqual([]);
      expect(await search(bob, surname)).toEqual([]);
      expect(await search(bob, ann.email)).toEqual([]);
    });

    it("refuses yourself, unknown people and bad ids", async () => {
      const ann = await person();
      expect((await ann.agent.post("/api/blocks", { userId: ann.id })).body).toEqual({
        message: "You cannot block yourself",
      });
      const unknown = await ann.agent.post("/api/blocks", { userId: "00000000-0000-4000-8000-000000000000" });
      expect([unknown.status, unknown.body]).toEqual([404, { message: "User not found" }]);
      expect((await ann.agent.post("/api/blocks", { userId: "bob" })).status).toBe(400);
      expect((await ann.agent.post("/api/blocks", {})).status).toBe(400);
      expect((await ann.agent.delete("/api/blocks/bob")).status).toBe(400);
      expect((await root.fresh().post("/api/blocks", { userId: ann.id })).status).toBe(401);
    });
  });

  describe("comments follow privacyActivityFeed", () => {
    it("with it off, their comments on a friend's post are seen by its author only, and counted so", async () => {
      const [ann, bob, cat] = [await person("Ann"), await person("Bob"), await person("Cat")];
      await befriend(ann, bob);
      await befriend(ann, cat);
      const p = (await ann.agent.post("/api/posts", { vibes: ["Chill"], content: "hello" })).body;
      expect((await bob.agent.post(`/api/posts/${p.id}/comments`, { content: "bob was here" })).status).toBe(201);
      expect((await cat.agent.post(`/api/posts/${p.id}/comments`, { content: "cat too" })).status).toBe(201);
      const seen = async (viewer: Person) => {
        const list = (await viewer.agent.get(`/api/posts/${p.id}/comments`)).body;
        for (const c of list) commentSchema.strict().parse(c);
        const inFeed = (await viewer.agent.get("/api/posts/feed")).body.find((x: { id: string }) => x.id === p.id);
        return { comments: list.map((c: { content: string }) => c.content), commentCount: inFeed.commentCount };
      };
      const both = { comments: ["bob was here", "cat too"], commentCount: 2 };
      expect(await seen(cat)).toEqual(both);
      await bob.agent.patch("/api/users/privacy", { privacyActivityFeed: false });
      // cat, another friend of ann's, sees neither bob's comment nor a count that includes it
      expect(await seen(cat)).toEqual({ comments: ["cat too"], commentCount: 1 });
      // ann, to whom bob wrote, and bob himself still see it
      expect(await seen(ann)).toEqual(both);
      expect(
        (await bob.agent.get(`/api/posts/${p.id}/comments`)).body.map((c: { content: string }) => c.content),
      ).toEqual(both.comments);
      // and shared again, it is back for everyone
      await bob.agent.patch("/api/users/privacy", { privacyActivityFeed: true });
      expect(await seen(cat)).toEqual(both);
    });

    it("a block hides each one's comments from the other, and from the count", async () => {
      const [ann, bob, cat] = [await person("Ann"), await person("Bob"), await person("Cat")];
      await befriend(ann, bob);
      await befriend(ann, cat);
      const p = (await ann.agent.post("/api/posts", { vibes: ["Chill"] })).body;
      await bob.agent.post(`/api/posts/${p.id}/comments`, { content: "from bob" });
      await cat.agent.post(`/api/posts/${p.id}/comments`, { content: "from cat" });
      await cat.agent.post("/api/blocks", { userId: bob.id });
      const texts = async (viewer: Person) =>
        (await viewer.agent.get(`/api/posts/${p.id}/comments`)).body.map((c: { content: string }) => c.content);
      expect(await texts(cat)).toEqual(["from cat"]);
      expect(await texts(bob)).toEqual(["from bob"]);
      expect(await texts(ann)).toEqual(["from bob", "from cat"]);
      const count = async (viewer: Person) =>
        (await viewer.agent.get("/api/posts/feed")).body.find((x: { id: string }) => x.id === p.id).commentCount;
      expect([await count(ann), await count(bob), await count(cat)]).toEqual([2, 1, 1]);
    });
  });

  describe("search-match figures", () => {
    it("count each person or address at most once per venue per day", async () => {
      // a venue of this test's own, far from every other test's searches (on a shared database)
      const latitude = -50 + Math.random() * 5;
      const longitude = 160 + Math.random() * 5;
      const [v] = await server.db.query<{ id: number }>(
        `INSERT INTO venues
           (external_id, name, category, latitude, longitude, detected_vibes, vibe_scores, source, attribution)
         VALUES ($1, 'Match Count Test', 'Bar', $2, $3, ARRAY['Chill'], '{"Chill": 0.8}', 'test', 'test') RETURNING id`,
        [`trust:${unique("venue")}`, latitude, longitude],
      );
      const match = `/api/venues/match-public?latitude=${latitude}&longitude=${longitude}&radius=1&vibes=Chill`;
      try {
        const shown = async (a: Agent, ip: string) => {
          const res = await a.get(match, { "x-forwarded-for": ip });
          expect(res.status).toBe(200);
          return res.body.some((x: { id: number }) => x.id === v.id);
        };
        // the catalog hears of the new venue through the change feed
        for (let i = 0; i < 100 && !(await shown(root.fresh(), "203.0.113.49")); i++)
          await new Promise((r) => setTimeout(r, 50));
        const matchesToday = async () => {
          await server.ctx.matchCounter.flush();
          const [row] = await server.db.query<{ n: number }>(
            "SELECT coalesce(sum(count), 0)::int AS n FROM venue_match_counts " +
              "WHERE venue_id = $1 AND day = current_date",
            [v.id],
          );
          return row.n;
        };
        expect(await matchesToday()).toBe(1); // the address that waited for it
        // one address without a session, twenty times: once
        const anon = root.fresh();
        for (let i = 0; i < 20; i++) expect(await shown(anon, "203.0.113.50")).toBe(true);
        expect(await matchesToday()).toBe(2);
        // new guests from that address count as the address: still once
        for (let i = 0; i < 3; i++) {
          const guest = root.fresh();
          await guest.post("/api/auth/dev-login", undefined, { "x-forwarded-for": "203.0.113.50" });
          expect(await shown(guest, "203.0.113.50")).toBe(true);
        }
        expect(await matchesToday()).toBe(2);
        // another address: one more; a registered person, however often and from wherever: one more
        await shown(anon, "203.0.113.51");
        const ann = await person();
        for (const ip of ["203.0.113.50", "203.0.113.52", "203.0.113.53"])
          expect(await shown(ann.agent, ip)).toBe(true);
        expect(await matchesToday()).toBe(4);
        // what the owner's dashboard reads
        const [stats] = await server.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM venue_match_seen WHERE venue_id = $1 AND day = current_date",
          [v.id],
        );
        expect(stats.n).toBe(4);
        if (target === "postgres") {
          // a second instance on the same database (its own counter) does not count them again
          const other = await startServer(target, {}, { TRUST_PROXY: "1" });
          try {
            await new Agent(other.url).get(match, { "x-forwarded-for": "203.0.113.50" });
            await other.ctx.matchCounter.flush();
            expect(await matchesToday()).toBe(4);
          } finally {
            await other.close();
          }
        }
      } finally {
        await server.db.query("DELETE FROM venues WHERE id = $1", [v.id]);
      }
    });
  });
});
