import { useId } from "react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { Button } from "@client/components/ui/button";
import { ErrorPanel } from "@client/components/ui/state-panel";
import { formatAbsoluteTime } from "@client/lib/relative-time";
import { useBlocks, useUnblock } from "../api/blocks";
import { PersonRow } from "./person-row";

/** The people the caller blocked, each with Unblock; nothing at all while there are none. */
export function BlockedList() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  const titleId = useId();
  if (blocks.isError && !blocks.data)
    return (
      <ErrorPanel
        title={FRIENDS_TEXT.blockedLoadFailed}
        error={blocks.error}
        onRetry={() => void blocks.refetch()}
        retrying={blocks.isFetching}
      />
    );
  const list = blocks.data ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {FRIENDS_TEXT.blockedListTitle} <span className="text-muted-foreground">({list.length})</span>
      </h2>
      <p className="text-sm text-muted-foreground">{FRIENDS_TEXT.blockedListHint}</p>
      <ul aria-label={FRIENDS_TEXT.blockedListTitle} className="flex flex-col gap-2">
        {list.map((person) => (
          <li key={person.id}>
            <PersonRow
              person={person}
              extra={
                <p className="text-xs text-muted-foreground">
                  {FRIENDS_TEXT.blocked} <time dateTime={person.blockedAt}>{formatAbsoluteTime(person.blockedAt)}</time>
                </p>
              }
            >
              <Button
                variant="outline"
                size="sm"
                disabled={unblock.isPending && unblock.variables?.id === person.id}
                onClick={() => unblock.mutate(person)}
              >
                {FRIENDS_TEXT.unblock}
              </Button>
            </PersonRow>
          </li>
        ))}
      </ul>
    </section>
  );
}
