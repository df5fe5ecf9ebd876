import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { useSignInLink } from "../api/sign-in-link";
import { MailLinkStep } from "./mail-link-step";

const TEXTS = {
  title: ACCOUNT_TEXT.emailLinkTitle,
  subtitle: ACCOUNT_TEXT.emailLinkSubtitle,
  submit: ACCOUNT_TEXT.emailLinkSubmit,
  sent: ACCOUNT_TEXT.signInLinkSent,
};

/**
 * "Email me a sign-in link": VIBE mails the account a link that signs in once, whatever password
 * guessing is going on (docs/sign-in.md, "Sign-in links").
 */
export function EmailLinkStep(props: { initialEmail: string; onBack: () => void; focusTitle?: boolean }) {
  return <MailLinkStep request={useSignInLink()} texts={TEXTS} {...props} />;
}
