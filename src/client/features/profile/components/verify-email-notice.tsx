import { MailWarning } from "lucide-react";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { Button } from "@client/components/ui/button";
import { useResendVerification } from "../api/resend-verification";

/** Shown on Profile while the account's typed address is not verified: what to do, and a new link. */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section
      aria-labelledby="profile-verify-email"
      className={
        "flex flex-col gap-3 rounded-2xl border border-amber-400/40 " +
        "bg-amber-950/20 p-4 sm:flex-row sm:items-center sm:p-5"
      }
    >
      <MailWarning className="size-6 shrink-0 text-amber-300" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="profile-verify-email" className="font-semibold">
          {ACCOUNT_TEXT.unverifiedTitle}
        </h2>
        <p className="text-sm text-muted-foreground">
          {resend.isSuccess ? ACCOUNT_TEXT.resent(email) : ACCOUNT_TEXT.unverifiedBody(email)}
        </p>
      </div>
      <Button variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? ACCOUNT_TEXT.resending : ACCOUNT_TEXT.resend}
      </Button>
    </section>
  );
}
