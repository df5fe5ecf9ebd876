import { Copy, Mail } from "lucide-react";
import { useId, useMemo, type ReactNode } from "react";
import { INVITE_TEXT } from "@client/features/friends/texts";
import { Button } from "@client/components/ui/button";
import { DialogBody, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@client/components/ui/dialog";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { cn } from "@client/lib/utils";
import { inviteLinks } from "../lib/invite-links";
import { copyInviteLink, shareToInstagram, shareToTikTok } from "../lib/share-invite";
import { FacebookMark, InstagramMark, TikTokMark, XMark } from "./share-icons";

const optionClass =
  "flex min-h-20 flex-col items-center justify-center gap-2 rounded-2xl border border-border bg-secondary/50 " +
  "px-3 py-3 text-sm font-medium transition-colors hover:border-pink-400/50 hover:bg-secondary [&_svg]:size-6";

function Option({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <>
      <span className="inline-flex text-pink-200">{icon}</span>
      {label}
    </>
  );
}

/** The Invite Friends dialog's content: the app link and five ways to share it (spec 2). */
export function InviteDialogContent({ onCloseAutoFocus }: { onCloseAutoFocus?: (event: Event) => void }) {
  const links = useMemo(() => inviteLinks(window.location.origin), []);
  const linkId = useId();
  const newTabId = useId();
  return (
    <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{INVITE_TEXT.title}</DialogTitle>
        <DialogDescription>{INVITE_TEXT.description}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-5 pb-6">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={linkId}>{INVITE_TEXT.linkLabel}</Label>
          <div className="flex gap-2">
            <Input
              id={linkId}
              value={links.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              className="h-10"
            />
            <Button variant="outline" size="sm" className="h-10" onClick={() => void copyInviteLink(links.url)}>
              <Copy aria-hidden="true" />
              {INVITE_TEXT.copyLink}
            </Button>
          </div>
        </div>
        <span id={newTabId} className="sr-only">
          {INVITE_TEXT.newTab}
        </span>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <li>
            <a href={links.email} className={optionClass}>
              <Option icon={<Mail aria-hidden="true" />} label={INVITE_TEXT.email} />
            </a>
          </li>
          <li>
            <button type="button" className={cn(optionClass, "w-full")} onClick={() => void shareToTikTok(links)}>
              <Option icon={<TikTokMark />} label={INVITE_TEXT.tiktok} />
            </button>
          </li>
          <li>
            <button type="button" className={cn(optionClass, "w-full")} onClick={() => void shareToInstagram(links)}>
              <Option icon={<InstagramMark />} label={INVITE_TEXT.instagram} />
            </button>
          </li>
          <li>
            <a
              href={links.x}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabId}
              className={optionClass}
            >
              <Option icon={<XMark />} label={INVITE_TEXT.x} />
            </a>
          </li>
          <li>
            <a
              href={links.facebook}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabId}
              className={optionClass}
            >
              <Option icon={<FacebookMark />} label={INVITE_TEXT.facebook} />
            </a>
          </li>
        </ul>
      </DialogBody>
    </DialogContent>
  );
}
