import { Search } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { SOCIAL_LIMITS } from "@shared/vocabulary";
import { Button } from "@client/components/ui/button";
import {
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@client/components/ui/dialog";
import { InitialsAvatar } from "@client/components/ui/initials-avatar";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { ErrorPanel } from "@client/components/ui/state-panel";
import { personInitials, personName } from "@client/lib/person";
import { cn } from "@client/lib/utils";
import { useCreateGroup } from "../api/create-group";
import { useFriends } from "../api/friends";
import { canSubmitGroup, groupBody, groupFormErrors, toggleMember, type GroupForm } from "../lib/group-form";
import { ListSkeleton } from "./list-skeleton";
import { useSingleFlight } from "@client/hooks/use-single-flight";

const emptyForm: GroupForm = { name: "", memberIds: [] };

interface CreateGroupDialogProps {
  onCreated: () => void;
  /** Close the dialog and go to the Search tab (no friends yet). */
  onFindFriends: () => void;
  requestClose: () => void;
}

/** The Create Group Vibe dialog's content; render inside a Dialog root. */
export function CreateGroupDialogContent({ onCreated, onFindFriends, requestClose }: CreateGroupDialogProps) {
  const friends = useFriends();
  const [form, setForm] = useState<GroupForm>(emptyForm);
  const [touched, setTouched] = useState({ name: false, members: false });
  const goFindFriends = useRef(false);
  const formId = useId();
  const nameId = useId();
  const nameMsgId = useId();
  const membersLegendId = useId();
  const membersMsgId = useId();
  const create = useCreateGroup({
    onSuccess: () => {
      setForm(emptyForm);
      setTouched({ name: false, members: false });
      onCreated();
    },
  });
  const createOnce = useSingleFlight(create);
  const errors = groupFormErrors(form);
  const submittable = canSubmitGroup(form, create.isPending);
  const list = friends.data ?? [];
  const noFriends = friends.isSuccess && list.length === 0;

  let content;
  if (friends.isPending) {
    content = <ListSkeleton rows={2} />;
  } else if (friends.isError && !friends.data) {
    content = (
      <ErrorPanel title={FRIENDS_TEXT.friendsLoadFailed} error={friends.error} onRetry={() => void friends.refetch()} />
    );
  } else if (noFriends) {
    content = (
      <div
        className={
          "flex flex-col items-center gap-3 rounded-2xl border " + "border-dashed border-border px-5 py-8 text-center"
        }
      >
        <p className="font-semibold">{FRIENDS_TEXT.noFriendsForGroup}</p>
        <Button
          size="sm"
          onClick={() => {
            goFindFriends.current = true;
            requestClose();
          }}
        >
          <Search aria-hidden="true" />
          {FRIENDS_TEXT.findFriends}
        </Button>
      </div>
    );
  } else {
    content = (
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched({ name: true, members: true });
          if (!canSubmitGroup(form, create.isPending)) return;
          createOnce(groupBody(form));
        }}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={nameId}>{FRIENDS_TEXT.groupName}</Label>
          <Input
            id={nameId}
            value={form.name}
            maxLength={SOCIAL_LIMITS.groupNameMax}
            placeholder={FRIENDS_TEXT.groupNamePlaceholder}
            autoComplete="off"
            aria-invalid={touched.name && errors.name ? true : undefined}
            aria-describedby={errors.name ? nameMsgId : undefined}
            onChange={(event) => {
              setForm((f) => ({ ...f, name: event.target.value }));
              setTouched((t) => ({ ...t, name: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
          />
          {errors.name && (
            <p
              id={nameMsgId}
              className={cn("text-sm", touched.name ? "font-medium text-red-300" : "text-muted-foreground")}
            >
              {errors.name}
            </p>
          )}
        </div>

        <fieldset aria-describedby={errors.members ? membersMsgId : undefined} className="flex min-w-0 flex-col gap-2">
          <legend id={membersLegendId} className="mb-2 text-sm font-medium">
            {FRIENDS_TEXT.chooseFriends}
          </legend>
          <ul className="flex flex-col gap-1.5">
            {list.map((friend) => {
              const checked = form.memberIds.includes(friend.id);
              return (
                <li key={friend.id}>
                  <label
                    className={cn(
                      "flex min-w-0 cursor-pointer items-center gap-3 rounded-xl border px-3 " +
                        "py-2.5 transition-colors has-[:focus-visible]:outline-2 " +
                        "has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                      checked ? "border-pink-400/60 bg-pink-500/10" : "border-border hover:bg-white/5",
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => {
                        setForm((f) => ({ ...f, memberIds: toggleMember(f.memberIds, friend.id) }));
                        setTouched((t) => ({ ...t, members: true }));
                      }}
                      className="size-5 shrink-0 accent-pink-500 focus-visible:outline-none"
                    />
                    <InitialsAvatar
                      initials={personInitials(friend)}
                      imageUrl={friend.profileImageUrl}
                      className="size-8 text-xs"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{personName(friend)}</span>
                      {friend.email && (
                        <span className="block truncate text-xs text-muted-foreground">{friend.email}</span>
                      )}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          {errors.members && (
            <p
              id={membersMsgId}
              className={cn("text-sm", touched.members ? "font-medium text-red-300" : "text-muted-foreground")}
            >
              {errors.members}
            </p>
          )}
        </fieldset>
      </form>
    );
  }

  return (
    <DialogContent
      onCloseAutoFocus={(event) => {
        if (!goFindFriends.current) return;
        goFindFriends.current = false;
        event.preventDefault();
        onFindFriends();
      }}
    >
      <DialogHeader>
        <DialogTitle>{FRIENDS_TEXT.createGroup}</DialogTitle>
        <DialogDescription>{FRIENDS_TEXT.createGroupDescription}</DialogDescription>
      </DialogHeader>
      <DialogBody>{content}</DialogBody>
      {!noFriends && (
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{FRIENDS_TEXT.cancel}</Button>
          </DialogClose>
          <Button type="submit" form={formId} disabled={!submittable || !friends.data}>
            {create.isPending ? FRIENDS_TEXT.creatingGroup : FRIENDS_TEXT.createGroupSubmit}
          </Button>
        </DialogFooter>
      )}
    </DialogContent>
  );
}
