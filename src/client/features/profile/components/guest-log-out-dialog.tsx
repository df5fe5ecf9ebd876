import { GUEST_TEXT } from "@client/features/profile/texts";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { logOut } from "@client/lib/browser";

// Its own module, without the sign-up form: the sidebar loads it on demand (GuestLogOutDialog).
/** Log Out as a guest: the guest's data cannot be reached again, so it asks first. */
export function GuestLogOutDialogContent({ onCreateAccount }: { onCreateAccount: () => void }) {
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{GUEST_TEXT.logOutTitle}</DialogTitle>
      </DialogHeader>
      <DialogBody>
        <DialogDescription>{GUEST_TEXT.logOutBody}</DialogDescription>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" onClick={onCreateAccount}>
            {GUEST_TEXT.upgradeButton}
          </Button>
        </DialogClose>
        <Button variant="destructive" onClick={logOut}>
          {GUEST_TEXT.logOutAnyway}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** The whole dialog, for the sidebar, which loads this module only when a guest presses Log Out. */
export function GuestLogOutDialog({
  open,
  onOpenChange,
  onCreateAccount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreateAccount: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <GuestLogOutDialogContent onCreateAccount={onCreateAccount} />
    </Dialog>
  );
}
