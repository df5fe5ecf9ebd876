import { Ban } from "lucide-react";
import { useState } from "react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { personName } from "@client/lib/person";
import { useBlock, type BlockTarget } from "../api/blocks";

/** Block, after saying what it does: a button and its confirming dialog. */
export function BlockButton({ person, onBlocked }: { person: BlockTarget; onBlocked?: () => void }) {
  const [open, setOpen] = useState(false);
  const name = personName(person);
  const block = useBlock({
    onSuccess: () => {
      setOpen(false);
      onBlocked?.();
    },
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${FRIENDS_TEXT.block} ${name}`}
          className="text-muted-foreground"
        >
          <Ban aria-hidden="true" />
          {FRIENDS_TEXT.block}
        </Button>
      }
      title={FRIENDS_TEXT.blockTitle.replace("{name}", name)}
      description={FRIENDS_TEXT.blockDescription}
      cancelLabel={FRIENDS_TEXT.cancel}
      confirmLabel={block.isPending ? FRIENDS_TEXT.blocking : FRIENDS_TEXT.blockConfirm}
      pending={block.isPending}
      onConfirm={() => block.mutate(person)}
    />
  );
}
