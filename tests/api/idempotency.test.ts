import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_TEXT } from "../../src/server/http/idempotency";
import { person as newPerson, type Person } from "../helpers/factories";
import { Agent } from "../helpers/http";
import { openTestDb, startServer, type TestServer } from "../helpers/server";
import { dbTargets } from "../helpers/targets";

// Double-clicking Post made two identical posts (issue 26). A write sent with an Idempotency-Key is
// done once per key, on any instance: the second request gets the first's answer (or a 409 while
// the first is still running and does not answer in time), never a second row.
describe.each(dbTargets())("a submission sent twice is written once on %s", (target) => {
  let a: TestServer;
  let b: TestServer;
  let who: Person;
  const key = () => `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const postsBy = async (id: string, content: string) =>
    (
      await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE user_id = $1 AND content = $2", [
        id,
        content,
      ])
    )[0].n;

  beforeAll(async () => {
    a = await startServer(target);
    // a second instance on the same database: PostgreSQL through a pool of its own
    b = await startServer(target, {}, {}, {}, { db: target === "postgres" ? await openTestDb(target) : a.db });
    who = await newPerson(a);
  });
  afterAll(async () => {
    await b?.close();
    if (target === "postgres") await b?.db.close();
    await a?.close();
  });

  /** The same agent's cookies, talking to instance b. */
  const onB = (agent: Agent) => {
    const other = new Agent(b.url, b.url);
    for (const pair of agent.cookieHeader().split("; ")) {
      const [name, ...v] = pair.split("=");
      (other as unknown as { cookies: Map<string, string> }).cookies.set(name, v.join("="));
    }
    return other;
  };

  it("two identical POSTs at once with one key make one post, and both are told of it", async () => {
    const content = `double ${key()}`;
    const body = { vibes: ["Chill"], content };
    const k = key();
    const [first, second] = await Promise.all([
      who.agent.post("/api/posts", body, { "idempotency-key": k }),
      who.agent.post("/api/posts", body, { "idempotency-key": k }),
    ]);
    expect([first.status, second.status], `${first.text} | ${second.text}`).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect([first.headers.get("idempotent-replayed"), second.headers.get("idempotent-replayed")].sort()).toEqual([
      null,
      "true",
    ]);
    expect(await postsBy(who.id, content)).toBe(1);

    // sent again later (a retry after a lost answer): the same answer, still one post
    const again = await who.agent.post("/api/posts", body, { "idempotency-key": k });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("content-type")).toMatch(/application\/json/);
    expect(await postsBy(who.id, content)).toBe(1);
  });

  it("holds across instances: one key through two instances at once makes one post", async () => {
    const content = `two instances ${key()}`;
    const body = { vibes: ["Cozy"], content };
    const k = key();
    const answers = await Promise.all([
      who.agent.post("/api/posts", body, { "idempotency-key": k }),
      onB(who.agent).post("/api/posts", body, { "idempotency-key": k }),
      who.agent.post("/api/posts", body, { "idempotency-key": k }),
    ]);
    for (const res of answers) expect([201, 409], res.text).toContain(res.status);
    const made = answers.filter((r) => r.status === 201);
    expect(new Set(made.map((r) => r.body.id)).size).toBe(1);
    for (const r of answers.filter((r) => r.status === 409)) expect(r.body.message).toBe(IDEMPOTENCY_TEXT.inFlight);
    expect(await postsBy(who.id, content)).toBe(1);
  });

  it("a comment and a sign-up sent twice are each written once", async () => {
    const post = (await who.agent.post("/api/posts", { vibes: ["Chill"], content: `c ${key()}` })).body;
    const k = key();
    const comment = { content: `twice ${k}` };
    const replies = await Promise.all(
      [1, 2].map(() => who.agent.post(`/api/posts/${post.id}/comments`, comment, { "idempotency-key": k })),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201]);
    const [{ n }] = await a.db.query<{ n: number }>("SELECT count(*)::int AS n FROM post_comments WHERE post_id = $1", [
      post.id,
    ]);
    expect(n).toBe(1);

    const email = `idem-${key()}@example.com`;
    const signup = { firstName: "Ida", lastName: "Em", email, password: "correct horse battery" };
    const fresh = new Agent(a.url);
    const sk = key();
    const answers = await Promise.all(
      [1, 2].map(() => fresh.post("/auth/email/signup", signup, { "idempotency-key": sk })),
    );
    expect(
      answers.map((r) => r.status),
      answers.map((r) => r.text).join(" | "),
    ).toEqual([202, 202]);
    const [{ users }] = await a.db.query<{ users: number }>(
      "SELECT count(*)::int AS users FROM users WHERE email = $1",
      [email],
    );
    expect(users).toBe(1);
  });

  it("refuses a key used for another request (422), a malformed key (400); keys are per person", async () => {
    const k = key();
    const first = await who.agent.post(
      "/api/posts",
      { vibes: ["Chill"], content: `one ${k}` },
      { "idempotency-key": k },
    );
    expect(first.status).toBe(201);
    const other = await who.agent.post(
      "/api/posts",
      { vibes: ["Chill"], content: `two ${k}` },
      { "idempotency-key": k },
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(IDEMPOTENCY_TEXT.otherRequest);
    expect(await postsBy(who.id, `two ${k}`)).toBe(0);

    const bad = await who.agent.post(
      "/api/posts",
      { vibes: ["Chill"], content: "x" },
      { "idempotency-key": "no spaces" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(IDEMPOTENCY_TEXT.badKey);

    // another person's same key is their own
    const other2 = await newPerson(a);
    const theirs = await other2.agent.post(
      "/api/posts",
      { vibes: ["Chill"], content: `one ${k}` },
      { "idempotency-key": k },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });
});
