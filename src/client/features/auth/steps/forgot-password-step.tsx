import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { useForgotPassword } from "../api/forgot-password";
import { MailLinkStep } from "./mail-link-step";

const TEXTS = {
  title: ACCOUNT_TEXT.forgotTitle,
  subtitle: ACCOUNT_TEXT.forgotSubtitle,
  submit: ACCOUNT_TEXT.forgotSubmit,
  sent: ACCOUNT_TEXT.forgotSent,
};

/** "Forgot password?": VIBE mails the account a reset link. */
export function ForgotPasswordStep(props: { initialEmail: string; onBack: () => void; focusTitle?: boolean }) {
  return <MailLinkStep request={useForgotPassword()} texts={TEXTS} {...props} />;
}
