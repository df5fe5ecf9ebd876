import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { befriend, person as newPerson } from "../helpers/factories";
import { startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// Concurrent requests got wrong answers while the stored rows stayed right (issue 14): two likes
// at once answered {liked: true, likeCount: 0}, six favourite toggles all answered
// favorited: true, three deletes of one group all answered 200. Each answer now says what its own
// statement changed: toggles at once answer as if they had come one after the other, and of
// several deletes only the one that removed the group is told so (the others 404).
const ROUNDS = 5;

describe.each(dbTargets())("concurrent requests get the answers of what they changed on %s", (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => server?.close());

  const person = () => newPerson(server);
  const at = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
  const storedLikes = async (postId: string) =>
    (await server.db.query<{ n: number }>("SELECT like_count AS n FROM posts WHERE id = $1", [postId]))[0].n;

  it("one person's like toggles at once alternate like and unlike, each with the count it left", async () => {
    const author = await person();
    const fan = await person();
    await befriend(author, fan);
    for (let round = 0; round < ROUNDS; round++) {
      const post = (await author.agent.post("/api/posts", { vibes: ["Chill"], content: `round ${round}` })).body;
      for (const n of [2, 6]) {
        const answers = await at(n, () => fan.agent.post(`/api/posts/${post.id}/like`));
        expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
        const got = answers
          .map((a) => a.body as { liked: boolean; likeCount: number })
          .sort((a, b) => +b.liked - +a.liked);
        // as if one after the other: like (1), unlike (0), like (1), ...
        expect(got, `${n} toggles at once, round ${round}`).toEqual([
          ...Array(n / 2).fill({ liked: true, likeCount: 1 }),
          ...Array(n / 2).fill({ liked: false, likeCount: 0 }),
        ]);
        expect(await storedLikes(post.id)).toBe(0);
      }
    }
  });

  it("likes by different people at once each answer a count that includes their own", async () => {
    const author = await person();
    const fans = await at(4, () => person());
    for (const fan of fans) await befriend(author, fan);
    const post = (await author.agent.post("/api/posts", { vibes: ["Chill"] })).body;
    const answers = await at(4, (i) => fans[i].agent.post(`/api/posts/${post.id}/like`));
    expect(answers.map((a) => a.body.liked)).toEqual([true, true, true, true]);
    expect(answers.map((a) => a.body.likeCount as number).sort()).toEqual([1, 2, 3, 4]);
    expect(await storedLikes(post.id)).toBe(4);
  });

  it("favourite toggles at once alternate, and the last state is what they say", async () => {
    const p = await person();
    const venues = await server.db.query<{ id: number }>("SELECT id FROM venues ORDER BY id LIMIT $1", [ROUNDS]);
    for (const { id } of venues) {
      const answers = await at(6, () => p.agent.post(`/api/favorites/${id}`));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const favorited = answers.map((a) => a.body.favorited as boolean);
      expect(favorited.filter(Boolean).length, `venue ${id}: ${JSON.stringify(favorited)}`).toBe(3);
      // six toggles from none: not a favourite
      const stored = await server.db.query("SELECT 1 FROM favorites WHERE user_id = $1 AND venue_id = $2", [p.id, id]);
      expect(stored).toEqual([]);
      // and one more makes it one, answered so
      expect((await p.agent.post(`/api/favorites/${id}`)).body).toEqual({ favorited: true });
    }
    expect((await p.agent.post("/api/favorites/2147483000")).status).toBe(404);
  });

  it("three deletes of one group at once: one 200, two 404", async () => {
    const owner = await person();
    const friend = await person();
    await befriend(owner, friend);
    for (let round = 0; round < ROUNDS; round++) {
      const group = await owner.agent.post("/api/groups", { name: `Round ${round}`, memberIds: [friend.id] });
      expect(group.status).toBe(201);
      const answers = await at(3, () => owner.agent.delete(`/api/groups/${group.body.id}`));
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([200, 404, 404]);
      expect(answers.find((a) => a.status === 200)!.body).toEqual({ deleted: true });
      for (const a of answers.filter((x) => x.status === 404)) expect(a.body).toEqual({ message: "Group not found" });
    }
  });
});
