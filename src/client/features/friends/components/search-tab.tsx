import { Search, SearchX, UserLock } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "wouter";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { GUEST_TEXT } from "@client/features/profile/texts";
import { LIMITS } from "@shared/vocabulary";
import { SOCIAL_SEARCH_DELAY_MS } from "@client/lib/texts";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { EmptyPanel, ErrorPanel } from "@client/components/ui/state-panel";
import { useDebouncedValue } from "@client/hooks/use-debounced-value";
import { useAuth } from "@client/lib/auth";
import { cn } from "@client/lib/utils";
import { useUserSearch } from "../api/search-users";
import { useSendFriendRequest } from "../api/send-friend-request";
import { friendButton } from "../lib/friend-button";
import { ListSkeleton } from "./list-skeleton";
import { PersonRow } from "./person-row";

interface SearchTabProps {
  text: string;
  onTextChange: (text: string) => void;
  /** Focus the search box once (after a Find Friends button brought the person here). */
  focusRequested: boolean;
  onFocused: () => void;
}

export function SearchTab({ text, onTextChange, focusRequested, onFocused }: SearchTabProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const trimmed = text.trim();
  const q = useDebouncedValue(trimmed, SOCIAL_SEARCH_DELAY_MS);
  const { user } = useAuth();
  const search = useUserSearch(user?.isGuest ? "" : q);
  const send = useSendFriendRequest();
  const tooShort = trimmed.length < LIMITS.userSearchMin;
  const settled = q === trimmed && !search.isFetching;

  useEffect(() => {
    if (!focusRequested) return;
    inputRef.current?.focus();
    onFocused();
  }, [focusRequested, onFocused]);

  let body;
  if (user?.isGuest) {
    // the server refuses guests (a guest account costs nothing, so it could page through everyone)
    body = (
      <EmptyPanel title={FRIENDS_TEXT.guestSearch} body={FRIENDS_TEXT.guestSearchBody} icon={<UserLock />} level={3}>
        {/* Profile holds the guest's sign-up card, which keeps their data */}
        <Button asChild size="sm">
          <Link href="/profile">{GUEST_TEXT.upgradeButton}</Link>
        </Button>
      </EmptyPanel>
    );
  } else if (tooShort) {
    body = <p className="px-1 text-sm text-muted-foreground">{FRIENDS_TEXT.searchMin}</p>;
  } else if (search.isError && settled) {
    body = (
      <ErrorPanel
        title={search.error instanceof Error ? search.error.message : FRIENDS_TEXT.searchFailed}
        error={search.error}
        onRetry={() => void search.refetch()}
      />
    );
  } else if (!search.data) {
    body = <ListSkeleton rows={2} />;
  } else if (search.data.length === 0 && settled) {
    body = <EmptyPanel title={FRIENDS_TEXT.noUsers} icon={<SearchX />} level={3} />;
  } else {
    body = (
      <ul
        aria-label="Search results"
        aria-busy={!settled}
        className={cn("flex flex-col gap-2 transition-opacity", !settled && "opacity-60")}
      >
        {search.data.map((user) => {
          const action = friendButton(user.friendshipStatus);
          const sending = send.isPending && send.variables === user.id;
          return (
            <li key={user.id}>
              <PersonRow person={user}>
                {/* aria-disabled rather than disabled: focus stays on the button when it turns into Request Sent. */}
                <Button
                  size="sm"
                  variant={action.disabled ? "secondary" : "default"}
                  aria-disabled={action.disabled || sending || undefined}
                  className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
                  onClick={() => {
                    if (!action.disabled && !sending) send.mutate(user.id);
                  }}
                >
                  {action.label}
                </Button>
              </PersonRow>
            </li>
          );
        })}
      </ul>
    );
  }

  // a guest gets the panel alone: no box to type into that could only fail
  if (user?.isGuest) return body;

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <label htmlFor={inputId} className="sr-only">
          {FRIENDS_TEXT.searchLabel}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder={FRIENDS_TEXT.searchPlaceholder}
          autoComplete="off"
          className="pl-10"
        />
      </div>
      <div aria-live="polite" className="sr-only">
        {!tooShort && settled && search.data
          ? `${search.data.length} ${search.data.length === 1 ? "user" : "users"} found`
          : ""}
      </div>
      {body}
    </div>
  );
}
