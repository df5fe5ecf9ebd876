import { useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { GUEST_TEXT } from "@client/features/profile/texts";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@client/components/ui/dialog";
import { EmailSignupForm } from "@client/features/auth/steps/email-signup-step";
import { AUTH_ME_QUERY_KEY } from "@client/lib/auth";

/**
 * A guest's way to become a member (issue 17): email sign-up from Profile. The server turns the
 * guest into the new account, so posts, friends, groups and saves stay; Profile then shows the
 * registered person. An address that already has an account gets the usual "check your email".
 */
export function GuestUpgradeCard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  return (
    <section
      aria-labelledby="guest-upgrade"
      className={
        "flex flex-col items-center gap-3 rounded-2xl border border-pink-400/30 " +
        "bg-linear-to-br from-purple-600/20 to-pink-600/10 px-5 py-6 text-center"
      }
    >
      <UserPlus className="size-8 text-pink-200" aria-hidden="true" />
      <h2 id="guest-upgrade" className="text-xl font-bold">
        {GUEST_TEXT.upgradeTitle}
      </h2>
      <p className="max-w-sm text-sm text-muted-foreground">{GUEST_TEXT.upgradeBody}</p>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button>{GUEST_TEXT.upgradeButton}</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{GUEST_TEXT.upgradeButton}</DialogTitle>
            <DialogDescription>{GUEST_TEXT.upgradeKeeps}</DialogDescription>
          </DialogHeader>
          <DialogBody>
            <EmailSignupForm
              header={null}
              onSignedIn={() => {
                onOpenChange(false);
                void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
              }}
            />
          </DialogBody>
        </DialogContent>
      </Dialog>
    </section>
  );
}
