import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One message as a mailbox would show it: parsed from the MIME the server received. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every link in the text body. */
  links: string[];
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The first received (or future) message that matches. */
  next(test: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Messages to this address so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package, as a mail relay would be), plain
 * SMTP without STARTTLS or AUTH, keeping each message it receives, parsed with `mailparser`.
 */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ test: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? "";
          const mail: ReceivedMail = {
            to: (session.envelope.rcptTo ?? []).map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            links: text.match(/https?:\/\/\S+/g) ?? [],
          };
          messages.push(mail);
          for (const w of [...waiters])
            if (w.test(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(test, timeoutMs = 10_000) {
      const found = messages.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching mail in ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The token of a link VIBE mailed (`…/page#token=<token>`). */
export function tokenOf(link: string): string {
  const token = new URL(link).hash.match(/^#token=([A-Za-z0-9_-]+)$/)?.[1];
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
