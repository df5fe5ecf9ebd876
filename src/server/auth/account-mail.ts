import type { MailMessage } from "../mail/mailer";
import { EMAIL_TOKEN_LIFETIME_MINUTES } from "./email-tokens";

/**
 * The account mail VIBE sends (docs/sign-in.md, "Email links"). Links point at ctx.siteUrl():
 * PUBLIC_URL, else HOST and the port the instance listens on; never a request header, which the
 * client writes. Tokens travel in the fragment (`#token=`): browsers never send it to a server, so
 * it stays out of access logs and Referer headers, and a mail scanner that fetches the link spends
 * nothing; the page posts it.
 */

export const MAIL_PAGES = {
  verify: "/verify-email",
  reset: "/reset-password",
  login: "/login",
  forgot: "/login?step=forgot-password",
  signIn: "/sign-in-link",
  askSignIn: "/login?step=email-link",
} as const;

export const tokenLink = (base: string, page: string, token: string) => `${base}${page}#token=${token}`;

const hours = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const BUTTON_STYLE =
  "display:inline-block;padding:10px 18px;border-radius:8px;background:#db2777;color:#fff;text-decoration:none";

/** Paragraphs of text (a line starting with "http" is a link) as the text and HTML bodies. */
function compose(to: string, subject: string, paragraphs: string[]): MailMessage {
  const text = `${paragraphs.join("\n\n")}\n\n— VIBE\n`;
  const body = paragraphs
    .map((p) =>
      /^https?:\/\//.test(p)
        ? `<p><a href="${escapeHtml(p)}" style="${BUTTON_STYLE}">${escapeHtml(linkLabel(subject))}</a>` +
          `<br><small>${escapeHtml(p)}</small></p>`
        : `<p>${escapeHtml(p)}</p>`,
    )
    .join("");
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:560px">' +
    `${body}<p>— VIBE</p></body></html>`;
  return { to, subject, text, html };
}

const linkLabel = (subject: string) =>
  subject === SUBJECTS.verify
    ? "Verify my email"
    : subject === SUBJECTS.reset
      ? "Set a new password"
      : subject === SUBJECTS.signIn
        ? "Sign in to VIBE"
        : "Open VIBE";

export const SUBJECTS = {
  verify: "Verify your email for VIBE",
  reset: "Reset your VIBE password",
  signupAttempt: "Someone tried to sign up to VIBE with your email",
  failedLogins: "Failed sign-in attempts on your VIBE account",
  signIn: "Your VIBE sign-in link",
} as const;

/** A one-time sign-in link ("Email me a sign-in link"). */
export function signInLinkMail(to: string, link: string): MailMessage {
  return compose(to, SUBJECTS.signIn, [
    "Hi,",
    `Someone (we hope you) asked for a link to sign in to VIBE as ${to}. Open it and press the button to sign in:`,
    link,
    `It works once, for ${hours(EMAIL_TOKEN_LIFETIME_MINUTES.signin)}. If you did not ask for it, ignore this ` +
      "message: nobody can use the link without your mailbox.",
  ]);
}

export function verificationMail(to: string, link: string): MailMessage {
  return compose(to, SUBJECTS.verify, [
    "Hi,",
    `Please confirm that ${to} is your email address by opening this link:`,
    link,
    `It works once, for ${hours(EMAIL_TOKEN_LIFETIME_MINUTES.verify)}. If you did not create a VIBE account, ` +
      "you can ignore this message.",
  ]);
}

export function resetMail(to: string, link: string): MailMessage {
  return compose(to, SUBJECTS.reset, [
    "Hi,",
    "Someone (we hope you) asked to reset the password of the VIBE account for this address. " +
      "Choose a new password here:",
    link,
    `The link works once, for ${hours(EMAIL_TOKEN_LIFETIME_MINUTES.reset)}. ` +
      "Setting a new password signs you out on every other device.",
    "If you did not ask for this, ignore this message: your password stays as it is.",
  ]);
}

/** To the owner of an address someone tried to sign up with (the sign-up answer does not tell). */
export function signupAttemptMail(to: string, loginLink: string, resetLink: string | null): MailMessage {
  return compose(to, SUBJECTS.signupAttempt, [
    "Hi,",
    `Someone tried to create a VIBE account with ${to}, but you already have one, ` +
      "so nothing was created and nothing changed.",
    "If it was you, sign in here:",
    loginLink,
    ...(resetLink
      ? [
          "Forgot your password? Set a new one with this link (it works once, " +
            `for ${hours(EMAIL_TOKEN_LIFETIME_MINUTES.reset)}):`,
          resetLink,
        ]
      : []),
    "If it was not you, you can ignore this message.",
  ]);
}

/** To an account's owner when it sees many failed sign-ins (at most once per window). */
export function failedLoginsMail(
  to: string,
  failures: number,
  windowMinutes: number,
  links: { forgot: string; signIn: string },
): MailMessage {
  return compose(to, SUBJECTS.failedLogins, [
    "Hi,",
    `There were ${failures} failed attempts to sign in to your VIBE account (${to}) ` +
      `in the last ${windowMinutes === 60 ? "hour" : hours(windowMinutes)}.`,
    "Whoever keeps guessing is made to wait longer and longer between tries, and while the guessing goes " +
      "on, signing in with your password may be slowed too. You can always sign in with a link we email you:",
    links.signIn,
    "If these were not you, choose a new, unique password:",
    links.forgot,
    "If they were you, there is nothing to do.",
  ]);
}
