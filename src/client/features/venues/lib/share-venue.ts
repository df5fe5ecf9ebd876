import { VENUE_TEXT } from "@shared/constants";
import type { Venue } from "@shared/contracts/venues";
import { toast } from "@client/hooks/use-toast";

/** Spec 2: native share with the venue's name, a short line and the current page's address. */
export function shareData(venue: Pick<Venue, "name">, href: string): ShareData {
  return { title: venue.name, text: VENUE_TEXT.shareText, url: href };
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/** Shares natively when the browser can; otherwise copies the link and says so. */
export async function shareVenue(venue: Pick<Venue, "name">): Promise<void> {
  const data = shareData(venue, window.location.href);
  if (typeof navigator.share === "function") {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (isAbort(error)) return; // the person closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(data.url ?? "");
    toast({ title: VENUE_TEXT.linkCopied, description: VENUE_TEXT.linkCopiedBody });
  } catch {
    toast({ variant: "destructive", title: VENUE_TEXT.shareFailed, description: data.url });
  }
}
