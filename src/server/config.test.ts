import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = () => mkdtempSync(join(tmpdir(), "vibe-config-"));

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 5000,
      host: "localhost",
      databaseUrl: null,
      redisUrl: null,
      adminEmails: [],
      trustProxy: false,
      seed: true,
      migrateOnStart: true,
    });
    expect(loadConfig({ DATA_DIR: dir, MIGRATE_ON_START: "false" }).migrateOnStart).toBe(false);
  });

  it("MAP_STYLE_URL: OpenFreeMap by default; empty or none = no style; anything but an http(s) URL is refused", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).mapStyleUrl).toBe("https://tiles.openfreemap.org/styles/liberty");
    expect(loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: "" }).mapStyleUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: "none" }).mapStyleUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: " https://maps.example/style.json " }).mapStyleUrl).toBe(
      "https://maps.example/style.json",
    );
    expect(() => loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: "javascript:alert(1)" })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, MAP_STYLE_URL: "tiles.example" })).toThrow(/MAP_STYLE_URL/);
  });

  it("mail is off without SMTP_URL; with it, MAIL_FROM defaults to no-reply at PUBLIC_URL's host", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      smtpUrl: null,
      mailFrom: "VIBE <no-reply@localhost>",
      sessionIdleDays: 14,
      sessionTtlDays: 30,
    });
    const on = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: "smtps://user:pass@mail.example:465",
      PUBLIC_URL: "https://vibe.example/",
      NODE_ENV: "production",
      SESSION_IDLE_DAYS: "3",
    });
    expect(on).toMatchObject({
      smtpUrl: "smtps://user:pass@mail.example:465",
      mailFrom: "VIBE <no-reply@vibe.example>",
      sessionIdleDays: 3,
    });
    expect(loadConfig({ DATA_DIR: dir, MAIL_FROM: "Team VIBE <hello@vibe.example>" }).mailFrom).toBe(
      "Team VIBE <hello@vibe.example>",
    );
    expect(loadConfig({ DATA_DIR: dir, MAIL_FROM: "hello@vibe.example" }).mailFrom).toBe("hello@vibe.example");
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const b = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(a).toHaveLength(64);
    expect(b).toBe(a);
    expect(readFileSync(join(dir, "session-secret"), "utf8").trim()).toBe(a);
    expect(statSync(join(dir, "session-secret")).mode & 0o077).toBe(0);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "0" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://localhost" }, "REDIS_URL"],
    [{ ADMIN_EMAILS: "a@b.co, not-an-email" }, "ADMIN_EMAILS"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ DATABASE_URL: "postgres://localhost/db" }, "SESSION_SECRET"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    // every hop, the client's own X-Forwarded-For entries included
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.5,not-an-address" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ PUBLIC_URL: "vibe.example" }, "PUBLIC_URL"],
    [{ SEED: "yes" }, "SEED"],
    [{ MIGRATE_ON_START: "no" }, "MIGRATE_ON_START"],
    [{ IMAGE_PROXY_HOSTS: "http://bad host" }, "IMAGE_PROXY_HOSTS"],
    [{ LLM_BASE_URL: "ftp://models.example", LLM_MODEL: "m" }, "LLM_BASE_URL"],
    [{ SMTP_URL: "mail.example:587" }, "SMTP_URL"],
    [{ SMTP_URL: "https://mail.example" }, "SMTP_URL"],
    [{ MAIL_FROM: "not an address" }, "MAIL_FROM"],
    [{ MAIL_FROM: "VIBE <a@b.co>\r\nBcc: x@y.co" }, "MAIL_FROM"],
    [{ SESSION_IDLE_DAYS: "0" }, "SESSION_IDLE_DAYS"],
    [{ SESSION_IDLE_DAYS: "soon" }, "SESSION_IDLE_DAYS"],
    // links in mail would otherwise follow the client's Host header
    [{ SMTP_URL: "smtp://mail.example:587", NODE_ENV: "production" }, "PUBLIC_URL"],
  ])("refuses %j with one line naming %s", (env, name) => {
    let err: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), ...env });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message.startsWith(`Invalid environment variable ${name}:`)).toBe(true);
    expect(message).not.toContain("\n");
  });

  it("TRUST_PROXY=true says what to give instead", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "true" })).toThrow(
      "Invalid environment variable TRUST_PROXY: true is refused: it believes the left-most X-Forwarded-For " +
        "address, which any client writes; give the number of proxies in front (e.g. 1) or their addresses " +
        '(e.g. 10.0.0.5,10.1.0.0/16) (got "true")',
    );
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,::1,loopback" }).trustProxy).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
      "::1",
      "loopback",
    ]);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
  });

  it("parses lists, URLs and numbers", () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      PORT: "8080",
      ADMIN_EMAILS: " Boss@Example.com ,ops@example.com",
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/test",
      SESSION_SECRET: "s".repeat(40),
      REDIS_URL: "redis://127.0.0.1:6379",
      PUBLIC_URL: "https://vibe.example/app",
      TRUST_PROXY: "2",
    });
    expect(c).toMatchObject({
      port: 8080,
      adminEmails: ["boss@example.com", "ops@example.com"],
      databaseUrl: "postgresql://postgres@127.0.0.1:5432/test",
      redisUrl: "redis://127.0.0.1:6379",
      publicUrl: "https://vibe.example",
      trustProxy: 2,
    });
  });
});
