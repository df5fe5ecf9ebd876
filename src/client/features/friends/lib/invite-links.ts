import { INVITE_SHARE_URLS, INVITE_TEXT } from "@client/features/friends/texts";

export interface InviteLinks {
  url: string;
  email: string;
  x: string;
  facebook: string;
  share: { title: string; text: string; url: string };
}

const enc = encodeURIComponent;

/** Where each share option goes for the app's link (spec 2: email, X and Facebook pages; native share data). */
export function inviteLinks(appUrl: string): InviteLinks {
  return {
    url: appUrl,
    email: `mailto:?subject=${enc(INVITE_TEXT.emailSubject)}&body=${enc(`${INVITE_TEXT.message} ${appUrl}`)}`,
    x: `${INVITE_SHARE_URLS.x}?text=${enc(INVITE_TEXT.message)}&url=${enc(appUrl)}`,
    facebook: `${INVITE_SHARE_URLS.facebook}?u=${enc(appUrl)}`,
    share: { title: "VIBE", text: INVITE_TEXT.message, url: appUrl },
  };
}
