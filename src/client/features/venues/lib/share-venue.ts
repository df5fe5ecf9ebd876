import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Venue } from "@shared/contracts/venues";
import { toast } from "@client/hooks/use-toast";
import { venuePath } from "./venue-link";

/** Spec 2: native share with the venue's name, a short line and an address (the venue's own link). */
export function shareData(venue: Pick<Venue, "name">, href: string): ShareData {
  return { title: venue.name, text: VENUE_TEXT.shareText, url: href };
}

const isAbort = (error: unknown) => error instanceof Error && error.name === "AbortError";

/** Shares the venue's own link natively when the browser can; otherwise copies it and says so. */
export async function shareVenue(venue: Pick<Venue, "name" | "externalId">): Promise<void> {
  const data = shareData(venue, new URL(venuePath(venue.externalId), window.location.origin).href);
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
    // no clipboard permission: the link, to copy by hand (not an error: nothing went wrong)
    toast({ title: VENUE_TEXT.copyByHand, description: data.url });
  }
}
