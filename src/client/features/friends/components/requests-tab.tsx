import { Check, Inbox, Search, X } from "lucide-react";
import type { ReactNode } from "react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import type { FriendRequestItem } from "@shared/contracts/social";
import { Button } from "@client/components/ui/button";
import { EmptyPanel, ErrorPanel } from "@client/components/ui/state-panel";
import { useFocusRescue } from "@client/hooks/use-focus-rescue";
import { formatAbsoluteTime, formatRelativeTime } from "@client/lib/relative-time";
import { useAcceptFriendRequest } from "../api/accept-friend-request";
import { useFriendRequests } from "../api/friend-requests";
import { useRejectFriendRequest } from "../api/reject-friend-request";
import { BlockButton } from "./block-button";
import { ListSkeleton } from "./list-skeleton";
import { PersonRow } from "./person-row";

export function RequestsTab({ onFindFriends }: { onFindFriends: () => void }) {
  const [panelRef, rescueFocus] = useFocusRescue<HTMLDivElement>();
  return (
    <div ref={panelRef} tabIndex={-1} className="outline-none">
      <RequestsList onFindFriends={onFindFriends} onResponded={rescueFocus} />
    </div>
  );
}

function RequestsList({
  onFindFriends,
  onResponded,
}: {
  onFindFriends: () => void;
  onResponded: () => void;
}): ReactNode {
  const requests = useFriendRequests();
  const accept = useAcceptFriendRequest();
  const reject = useRejectFriendRequest();

  if (requests.isPending) return <ListSkeleton rows={2} />;
  if (requests.isError && !requests.data) {
    return (
      <ErrorPanel
        title={FRIENDS_TEXT.requestsLoadFailed}
        error={requests.error}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  }
  const list = requests.data ?? [];
  if (!list.length) {
    return (
      <EmptyPanel title={FRIENDS_TEXT.noRequests} body={FRIENDS_TEXT.noRequestsBody} icon={<Inbox />}>
        <Button variant="outline" size="sm" onClick={onFindFriends}>
          <Search aria-hidden="true" />
          {FRIENDS_TEXT.findFriends}
        </Button>
      </EmptyPanel>
    );
  }

  const busy = (item: FriendRequestItem) =>
    (accept.isPending && accept.variables === item.user.id) || (reject.isPending && reject.variables === item.user.id);

  return (
    <ul aria-label="Friend requests" className="flex flex-col gap-2">
      {list.map((item) => (
        <li key={item.friendship.id}>
          <PersonRow
            person={item.user}
            extra={
              <time
                dateTime={item.friendship.createdAt}
                title={formatAbsoluteTime(item.friendship.createdAt)}
                className="text-xs text-muted-foreground"
              >
                {formatRelativeTime(item.friendship.createdAt)}
              </time>
            }
          >
            <Button
              size="sm"
              disabled={busy(item)}
              onClick={() => accept.mutate(item.user.id, { onSettled: onResponded })}
            >
              <Check aria-hidden="true" />
              {FRIENDS_TEXT.accept}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy(item)}
              onClick={() => reject.mutate(item.user.id, { onSettled: onResponded })}
            >
              <X aria-hidden="true" />
              {FRIENDS_TEXT.reject}
            </Button>
            <BlockButton person={item.user} onBlocked={onResponded} />
          </PersonRow>
        </li>
      ))}
    </ul>
  );
}
