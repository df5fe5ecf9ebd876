import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerContractCheck } from "./contract-check";
import { errorHandler } from "./errors";

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function build(routes: (a: FastifyInstance) => void) {
  app = Fastify();
  app.setErrorHandler(errorHandler);
  registerContractCheck(app);
  routes(app);
  await app.ready();
  return app;
}

describe("the contract check of JSON answers", () => {
  it("passes an answer that matches its route's contract", async () => {
    const a = await build((r) =>
      r.get("/api/health", async () => ({ status: "ok", db: "pglite", realtime: "memory" })),
    );
    const res = await a.inject("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: "pglite", realtime: "memory" });
  });

  it("turns an answer that does not match into a 500 naming the route and the problem", async () => {
    const a = await build((r) => r.get("/api/health", async () => ({ status: "ok", db: "sqlite" })));
    const res = await a.inject("/api/health");
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^The answer of GET \/api\/health does not match its contract: db: /);
    expect(res.json().message).toMatch(/realtime: /);
  });

  it("checks bytes sent as they are (the match route's pre-serialised pages)", async () => {
    const a = await build((r) => {
      r.get("/api/venues/match-public", async (_req, reply) =>
        reply.type("application/json").send(Buffer.from('[{"id":"not a venue"}]')),
      );
      r.get("/api/venues/nearby", async (_req, reply) => reply.type("application/json").send(Buffer.from("[]")));
    });
    expect((await a.inject("/api/venues/match-public")).statusCode).toBe(500);
    expect((await a.inject("/api/venues/nearby")).statusCode).toBe(200);
  });

  it("leaves errors, routes without a JSON contract and unknown routes alone", async () => {
    const a = await build((r) => {
      r.get("/api/friends", async (_req, reply) => reply.status(404).send({ message: "Not found" }));
      r.get("/api/proxy-image", async (_req, reply) => reply.type("image/png").send(Buffer.from("png")));
      r.get("/api/logout", async () => ({ anything: true }));
      r.get("/not/a/route", async () => ({ anything: true }));
    });
    expect((await a.inject("/api/friends")).statusCode).toBe(404);
    expect((await a.inject("/api/proxy-image")).statusCode).toBe(200);
    expect((await a.inject("/api/logout")).statusCode).toBe(200);
    expect((await a.inject("/not/a/route")).statusCode).toBe(200);
  });
});
