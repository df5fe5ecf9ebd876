import { useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { Button, buttonVariants } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";

/** Shown instead of the tools to an account without the admin role (the server refuses it anyway). */
export function AdminsOnly({ email }: { email: string | null }) {
  // A role granted since this tab read the session (npm run admin -- grant, or ADMIN_EMAILS and a
  // verified address after a restart) shows without signing out and in: read it again now.
  const queryClient = useQueryClient();
  const recheck = () => void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
  // (once, when the page opens)
  useEffect(recheck, []);
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span
        aria-hidden="true"
        className={
          "inline-flex size-14 items-center justify-center rounded-2xl bg-linear-to-br " +
          "from-purple-500/25 to-pink-500/25 text-pink-200 [&_svg]:size-7"
        }
      >
        <ShieldAlert />
      </span>
      <h2 className="text-xl font-semibold">{ADMIN_TEXT.adminsOnlyTitle}</h2>
      <p className="max-w-md text-muted-foreground">{ADMIN_TEXT.adminsOnlyBody}</p>
      <p className="max-w-full text-sm break-words text-muted-foreground">
        {ADMIN_TEXT.signedInAs} <span className="font-medium text-foreground">{email ?? ADMIN_TEXT.guestAccount}</span>
      </p>
      <p className="max-w-md text-sm text-muted-foreground">{ADMIN_TEXT.becomeAdminHint}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={recheck}>
          {ADMIN_TEXT.checkAgain}
        </Button>
        <Link href="/" className={buttonVariants({ variant: "outline" })}>
          {ADMIN_TEXT.backHome}
        </Link>
      </div>
    </Card>
  );
}
