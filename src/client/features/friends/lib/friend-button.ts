import { FRIENDS_TEXT } from "@client/features/friends/texts";
import type { UserSearchResult } from "@shared/contracts/social";

export type FriendshipStatus = UserSearchResult["friendshipStatus"];

/** The search result's button: Add Friend while there is no link yet; otherwise a disabled label of the state. */
export function friendButton(status: FriendshipStatus): { label: string; disabled: boolean } {
  switch (status) {
    case "pending_sent":
      return { label: FRIENDS_TEXT.requestSent, disabled: true };
    case "friends":
      return { label: FRIENDS_TEXT.alreadyFriends, disabled: true };
    case "pending_received":
      return { label: FRIENDS_TEXT.respondInRequests, disabled: true };
    default:
      return { label: FRIENDS_TEXT.addFriend, disabled: false };
  }
}
