import { INVITE_TEXT } from "@client/features/friends/texts";
import { toast } from "@client/hooks/use-toast";
import type { InviteLinks } from "./invite-links";

/** Copies the link and says so (or shows the link when the clipboard is refused). */
export async function copyInviteLink(url: string, hint: string = INVITE_TEXT.linkCopiedBody): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: INVITE_TEXT.linkCopied, description: hint });
  } catch {
    toast({ variant: "destructive", title: INVITE_TEXT.copyFailed, description: url });
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/** TikTok has no web share page: the native share sheet when there is one, else copy the link (spec 2). */
export async function shareToTikTok(links: InviteLinks): Promise<void> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(links.share);
      return;
    } catch (error) {
      if (isAbort(error)) return; // the person closed the share sheet
    }
  }
  await copyInviteLink(links.url, INVITE_TEXT.tiktokCopied);
}

/** Instagram has no web share page either: copy the link (spec 2). */
export function shareToInstagram(links: InviteLinks): Promise<void> {
  return copyInviteLink(links.url, INVITE_TEXT.instagramCopied);
}
