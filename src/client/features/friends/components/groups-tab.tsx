import { Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogTrigger } from "@client/components/ui/dialog";
import { EmptyPanel, ErrorPanel } from "@client/components/ui/state-panel";
import { useFocusRescue } from "@client/hooks/use-focus-rescue";
import { useAuth } from "@client/lib/auth";
import { useGroups } from "../api/groups";
import { CreateGroupDialogContent } from "./create-group-dialog";
import { GroupCard } from "./group-card";
import { ListSkeleton } from "./list-skeleton";

export function GroupsTab({ onFindFriends }: { onFindFriends: () => void }) {
  const groups = useGroups();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [panelRef, rescueFocus] = useFocusRescue<HTMLDivElement>();
  const list = groups.data ?? [];

  return (
    <div ref={panelRef} tabIndex={-1} className="flex flex-col gap-4 outline-none">
      <div className="flex justify-end">
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button>
              <Plus aria-hidden="true" />
              {FRIENDS_TEXT.createGroup}
            </Button>
          </DialogTrigger>
          <CreateGroupDialogContent
            onCreated={() => setOpen(false)}
            requestClose={() => setOpen(false)}
            onFindFriends={onFindFriends}
          />
        </Dialog>
      </div>
      {groups.isPending ? (
        <ListSkeleton rows={2} />
      ) : groups.isError && !groups.data ? (
        <ErrorPanel
          title={FRIENDS_TEXT.groupsLoadFailed}
          error={groups.error}
          onRetry={() => void groups.refetch()}
          retrying={groups.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyPanel title={FRIENDS_TEXT.noGroups} body={FRIENDS_TEXT.noGroupsBody} icon={<UsersRound />} />
      ) : (
        <ul aria-label="Your groups" className="flex flex-col gap-3">
          {list.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} myId={user?.id} onDeleted={rescueFocus} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
