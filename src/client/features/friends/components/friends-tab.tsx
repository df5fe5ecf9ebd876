import { Search, UserPlus, Users } from "lucide-react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { LIMITS } from "@shared/vocabulary";
import { Button } from "@client/components/ui/button";
import { EmptyPanel, ErrorPanel } from "@client/components/ui/state-panel";
import { VibeChip } from "@client/components/ui/vibe-chip";
import { useFocusRescue } from "@client/hooks/use-focus-rescue";
import { useFriends } from "../api/friends";
import { BlockButton } from "./block-button";
import { BlockedList } from "./blocked-list";
import { ListSkeleton } from "./list-skeleton";
import { PersonRow } from "./person-row";

export function FriendsTab({ onFindFriends, onInvite }: { onFindFriends: () => void; onInvite: () => void }) {
  const [panelRef, rescueFocus] = useFocusRescue<HTMLDivElement>();
  return (
    <div ref={panelRef} tabIndex={-1} className="flex flex-col gap-6 outline-none">
      <FriendsList onFindFriends={onFindFriends} onInvite={onInvite} onBlocked={rescueFocus} />
      <BlockedList />
    </div>
  );
}

function FriendsList({
  onFindFriends,
  onInvite,
  onBlocked,
}: {
  onFindFriends: () => void;
  onInvite: () => void;
  onBlocked: () => void;
}) {
  const friends = useFriends();

  if (friends.isPending) return <ListSkeleton />;
  if (friends.isError && !friends.data) {
    return (
      <ErrorPanel
        title={FRIENDS_TEXT.friendsLoadFailed}
        error={friends.error}
        onRetry={() => void friends.refetch()}
        retrying={friends.isFetching}
      />
    );
  }
  const list = friends.data ?? [];
  if (!list.length) {
    return (
      <EmptyPanel title={FRIENDS_TEXT.noFriends} body={FRIENDS_TEXT.noFriendsBody} icon={<Users />}>
        <Button size="sm" onClick={onFindFriends}>
          <Search aria-hidden="true" />
          {FRIENDS_TEXT.findFriends}
        </Button>
        <Button variant="outline" size="sm" onClick={onInvite}>
          <UserPlus aria-hidden="true" />
          {FRIENDS_TEXT.inviteFriends}
        </Button>
      </EmptyPanel>
    );
  }

  return (
    <ul aria-label="Your friends" className="flex flex-col gap-2">
      {list.map((friend) => {
        const vibes = friend.preferredVibes.slice(0, LIMITS.friendCardVibes);
        return (
          <li key={friend.id}>
            <PersonRow
              person={friend}
              extra={
                vibes.length > 0 && (
                  <ul aria-label="Vibes" className="mt-1.5 flex flex-wrap gap-1.5">
                    {vibes.map((vibe) => (
                      <li key={vibe}>
                        <VibeChip>{vibe}</VibeChip>
                      </li>
                    ))}
                  </ul>
                )
              }
            >
              <BlockButton person={friend} onBlocked={onBlocked} />
            </PersonRow>
          </li>
        );
      })}
    </ul>
  );
}
