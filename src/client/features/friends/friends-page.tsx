import { UserPlus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { FRIENDS_TEXT } from "@client/features/friends/texts";
import { PAGE_TITLES } from "@client/lib/texts";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { useFriendRequests } from "./api/friend-requests";
import { useFriends } from "./api/friends";
import { useGroups } from "./api/groups";
import { Counters } from "./components/counters";
import { FriendsTab } from "./components/friends-tab";
import { GroupsTab } from "./components/groups-tab";
import { InviteDialogContent } from "./components/invite-dialog";
import { RequestsTab } from "./components/requests-tab";
import { SearchTab } from "./components/search-tab";

type TabValue = "friends" | "requests" | "groups" | "search";
const isTab = (v: string): v is TabValue => v === "friends" || v === "requests" || v === "groups" || v === "search";

export function FriendsPage() {
  const friends = useFriends();
  const requests = useFriendRequests();
  const groups = useGroups();
  const [tab, setTab] = useState<TabValue>("friends");
  const [searchText, setSearchText] = useState("");
  const [focusSearch, setFocusSearch] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  // The invite dialog opens from the header and from the empty Friends tab; focus goes back to whichever opened it.
  const inviteOpener = useRef<HTMLElement | null>(null);

  const findFriends = useCallback(() => {
    setTab("search");
    setFocusSearch(true);
  }, []);
  const searchFocused = useCallback(() => setFocusSearch(false), []);
  const openInvite = () => {
    inviteOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setInviteOpen(true);
  };
  const requestCount = requests.data?.length ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{PAGE_TITLES.friends}</h1>
        <Button onClick={openInvite} aria-haspopup="dialog">
          <UserPlus aria-hidden="true" />
          {FRIENDS_TEXT.inviteFriends}
        </Button>
        <Dialog open={inviteOpen} onOpenChange={setInviteOpen}>
          <InviteDialogContent
            onCloseAutoFocus={(event) => {
              const opener = inviteOpener.current;
              if (opener?.isConnected) {
                event.preventDefault();
                opener.focus();
              }
            }}
          />
        </Dialog>
      </header>

      <Counters
        counters={[
          { label: FRIENDS_TEXT.counters.friends, query: friends },
          { label: FRIENDS_TEXT.counters.groups, query: groups },
          { label: FRIENDS_TEXT.counters.requests, query: requests },
        ]}
      />

      <Tabs value={tab} onValueChange={(v) => isTab(v) && setTab(v)}>
        <TabsList aria-label={FRIENDS_TEXT.tabsLabel}>
          <TabsTrigger value="friends">{FRIENDS_TEXT.tabs.friends}</TabsTrigger>
          <TabsTrigger value="requests">
            {FRIENDS_TEXT.tabs.requests}
            {requestCount > 0 && (
              <span
                aria-hidden="true"
                className={
                  "inline-flex min-w-5 items-center justify-center rounded-full " +
                  "bg-pink-600 px-1.5 text-xs leading-5 font-semibold text-white"
                }
              >
                {requestCount}
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="groups">{FRIENDS_TEXT.tabs.groups}</TabsTrigger>
          <TabsTrigger value="search">{FRIENDS_TEXT.tabs.search}</TabsTrigger>
        </TabsList>
        <TabsContent value="friends">
          <FriendsTab onFindFriends={findFriends} onInvite={openInvite} />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab onFindFriends={findFriends} />
        </TabsContent>
        <TabsContent value="groups">
          <GroupsTab onFindFriends={findFriends} />
        </TabsContent>
        <TabsContent value="search">
          <SearchTab
            text={searchText}
            onTextChange={setSearchText}
            focusRequested={focusSearch}
            onFocused={searchFocused}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
