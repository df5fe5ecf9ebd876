import nodemailer from "nodemailer";

/** One message of account mail: a subject, a plain-text body and the same as simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /** False when SMTP_URL is unset: messages are printed (development) or dropped (production). */
  readonly enabled: boolean;
  /**
   * Sends the message in the background and returns at once: how long a send takes must not tell
   * a caller anything (e.g. whether an address has an account). Failures are logged, never thrown.
   */
  send(message: MailMessage): void;
  /** Resolves once every message handed to `send` so far has been sent or has failed. */
  flush(): Promise<void>;
  /** The admin services list's line: whether mail goes out, and where. */
  status(): Promise<{ available: boolean; detail: string }>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  log: MailLog;
  /**
   * Without SMTP_URL: where a message is written in full for the developer to follow its link
   * (the server's console in development); null drops it (production, or a silent log).
   */
  print: ((text: string) => void) | null;
}

const VERIFY_TIMEOUT_MS = 3000;

/** "a•••@example.com": enough for an operator to recognise an address in a log, not to harvest it. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return at > 0 ? `${address[0]}•••${address.slice(at)}` : "•••";
}

/** host:port of an SMTP URL, never its user or password. */
function smtpHost(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol === "smtps:" ? "465" : "587")}`;
}

/**
 * Account mail (verification and reset links, alerts) through nodemailer's SMTP transport to
 * SMTP_URL. Without it, mail is off: in development each message is printed whole to the console
 * so its link can be followed; in production nothing is sent and a warning names what was not.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    const tracked = p.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  if (!opts.smtpUrl) {
    return {
      enabled: false,
      send(message) {
        if (opts.print) {
          const rule = "─".repeat(72);
          opts.print(
            `\n${rule}\nMail not sent (SMTP_URL is unset); here it is instead:\nTo: ${message.to}\nSubject: ` +
              `${message.subject}\n\n${message.text}\n${rule}\n`,
          );
        } else {
          opts.log.warn(
            { to: maskAddress(message.to), subject: message.subject },
            "mail not sent: SMTP_URL is unset (docs/deploy.md, Mail)",
          );
        }
      },
      flush: async () => {},
      status: async () => ({
        available: false,
        detail: opts.print
          ? "Off: SMTP_URL is unset. Verification and reset links are printed in the server console"
          : "Off: SMTP_URL is unset. No verification, password reset or alert mail is sent",
      }),
      close: async () => {},
    };
  }

  const host = smtpHost(opts.smtpUrl);
  const transport = nodemailer.createTransport(
    {
      url: opts.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      dnsTimeout: 10_000,
    },
    { from: opts.from },
  );

  return {
    enabled: true,
    send(message) {
      track(
        transport.sendMail(message).then(
          () => opts.log.info({ to: maskAddress(message.to), subject: message.subject }, "mail sent"),
          (err: unknown) =>
            opts.log.error(
              { to: maskAddress(message.to), subject: message.subject, err, smtp: host },
              "mail could not be sent",
            ),
        ),
      );
    },
    async flush() {
      await Promise.all([...inFlight]);
    },
    async status() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${VERIFY_TIMEOUT_MS / 1000} s`)), VERIFY_TIMEOUT_MS);
      });
      try {
        await Promise.race([transport.verify(), timeout]);
        return { available: true, detail: `SMTP server ${host} accepts mail from ${opts.from}` };
      } catch (err) {
        const why = (err as { code?: string }).code ?? (err as Error).message;
        return { available: false, detail: `SMTP server ${host} is not answering (${why})` };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await Promise.race([Promise.all([...inFlight]), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      transport.close();
    },
  };
}
