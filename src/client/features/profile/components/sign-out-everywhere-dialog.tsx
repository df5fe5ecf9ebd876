import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import { Button } from "@client/components/ui/button";
import {
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { useLogOutEverywhere } from "../api/logout-everywhere";

/** Asks before ending every session of the person, this one included. */
export function SignOutEverywhereDialogContent() {
  const signOut = useLogOutEverywhere();
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{ACCOUNT_TEXT.signOutEverywhereTitle}</DialogTitle>
      </DialogHeader>
      <DialogBody>
        <DialogDescription>{ACCOUNT_TEXT.signOutEverywhereBody}</DialogDescription>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{PROFILE_TEXT.cancel}</Button>
        </DialogClose>
        <Button variant="destructive" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {ACCOUNT_TEXT.signOutEverywhereConfirm}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
