import { Ban } from "lucide-react";
import { useState } from "react";
import { FRIENDS_TEXT } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@client/components/ui/dialog";
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${FRIENDS_TEXT.block} ${name}`}
          className="text-muted-foreground"
        >
          <Ban aria-hidden="true" />
          {FRIENDS_TEXT.block}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{FRIENDS_TEXT.blockTitle.replace("{name}", name)}</DialogTitle>
          <DialogDescription>{FRIENDS_TEXT.blockDescription}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{FRIENDS_TEXT.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={block.isPending} onClick={() => block.mutate(person)}>
            {block.isPending ? FRIENDS_TEXT.blocking : FRIENDS_TEXT.blockConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
