import { describe, expect, it } from "vitest";
import { createMailer, maskAddress, type MailLog } from "./mailer";

const message = {
  to: "ada@example.com",
  subject: "Reset your VIBE password",
  text: "Choose a new password here:\n\nhttp://localhost:5000/reset-password#token=abc",
  html: "<p>…</p>",
};

function logs() {
  const lines: Array<[string, object, string]> = [];
  const log: MailLog = {
    info: (o, m) => lines.push(["info", o, m]),
    warn: (o, m) => lines.push(["warn", o, m]),
    error: (o, m) => lines.push(["error", o, m]),
  };
  return { lines, log };
}

describe("mailer without SMTP_URL", () => {
  it("in development prints the whole message (its link can be followed) and says mail is off", async () => {
    const printed: string[] = [];
    const { lines, log } = logs();
    const mailer = createMailer({
      smtpUrl: null,
      from: "VIBE <no-reply@localhost>",
      log,
      print: (t) => printed.push(t),
    });
    expect(mailer.enabled).toBe(false);
    mailer.send(message);
    expect(printed.join("")).toContain("Mail not sent (SMTP_URL is unset)");
    expect(printed.join("")).toContain("To: ada@example.com");
    expect(printed.join("")).toContain("http://localhost:5000/reset-password#token=abc");
    expect(lines).toEqual([]);
    expect(await mailer.status()).toEqual({
      available: false,
      detail: "Off: SMTP_URL is unset. Verification and reset links are printed in the server console",
    });
  });

  it("in production writes no link anywhere: a warning with the masked address", async () => {
    const { lines, log } = logs();
    const mailer = createMailer({ smtpUrl: null, from: "x@y.co", log, print: null });
    mailer.send(message);
    expect(lines).toEqual([
      [
        "warn",
        { to: "a•••@example.com", subject: message.subject },
        "mail not sent: SMTP_URL is unset (docs/deploy.md, Mail)",
      ],
    ]);
    expect(JSON.stringify(lines)).not.toContain("token");
    expect((await mailer.status()).detail).toMatch(/^Off: SMTP_URL is unset\. No verification/);
  });
});

describe("mailer with an SMTP server that is not there", () => {
  it("logs the failure without the password, and the services line says it is not answering", async () => {
    const { lines, log } = logs();
    // a loopback port nothing listens on
    const mailer = createMailer({ smtpUrl: "smtp://user:s3cret@127.0.0.1:9", from: "x@y.co", log, print: null });
    mailer.send(message);
    await mailer.flush();
    expect(lines[0][0]).toBe("error");
    expect(lines[0][2]).toBe("mail could not be sent");
    expect(JSON.stringify(lines)).not.toContain("s3cret");
    const status = await mailer.status();
    expect(status.available).toBe(false);
    expect(status.detail).toMatch(/^SMTP server 127\.0\.0\.1:9 is not answering/);
    expect(status.detail).not.toContain("s3cret");
    await mailer.close();
  });
});

describe("maskAddress", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskAddress("grace@navy.mil")).toBe("g•••@navy.mil");
    expect(maskAddress("nonsense")).toBe("•••");
  });
});
