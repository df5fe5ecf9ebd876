import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { REALTIME_TEXT } from "@client/lib/texts";
import type { Person } from "@shared/contracts/social";
import type { LatestUpdate, Venue } from "@shared/contracts/venues";
import { toast } from "@client/hooks/use-toast";
import { AUTH_ME_QUERY_KEY, useAuth } from "@client/lib/auth";
import { forgetLiveUpdates, recordLiveUpdate } from "@client/lib/live-venues";
import { useOffline } from "@client/lib/offline";
import { connectRealtime, realtimeUrl, type RealtimeMessage } from "@client/lib/realtime";
import { applyVenueVibes, vibeVotesKey } from "@client/features/venues/api/vibe-votes";

interface RealtimeState {
  connected: boolean;
  lastMessage: RealtimeMessage | null;
}

const RealtimeContext = createContext<RealtimeState>({ connected: false, lastMessage: null });

/** Whether the realtime connection is open, and the last message it brought (spec 7). */
export const useRealtime = () => useContext(RealtimeContext);

const keyStartsWith = (prefix: string) => (q: { queryKey: readonly unknown[] }) =>
  typeof q.queryKey[0] === "string" && (q.queryKey[0] as string).startsWith(prefix);

const nameOf = (person: Person | undefined) =>
  [person?.firstName, person?.lastName].filter(Boolean).join(" ") || "Someone";

/**
 * Venue lists in the cache get the new live status in place, without a refetch: a list of venues,
 * an answer holding `venues`, or the pages of a match loaded page by page (`pages`, each a `venues`).
 */
function patchVenue(client: QueryClient, venueId: number, latestUpdate: LatestUpdate) {
  const patch = (v: Venue) => (v && v.id === venueId ? { ...v, latestUpdate } : v);
  const patchList = (data: unknown): unknown => {
    if (Array.isArray(data) && data.some((v) => v && typeof v === "object" && "latestUpdate" in v))
      return data.map(patch);
    if (data && typeof data === "object" && Array.isArray((data as { venues?: unknown }).venues)) {
      const d = data as { venues: Venue[] };
      return { ...d, venues: d.venues.map(patch) };
    }
    if (data && typeof data === "object" && Array.isArray((data as { pages?: unknown }).pages)) {
      const d = data as { pages: unknown[] };
      return { ...d, pages: d.pages.map(patchList) };
    }
    return data;
  };
  client.setQueriesData({ predicate: keyStartsWith("/api/") }, patchList);
}

export function applyRealtimeMessage(client: QueryClient, message: RealtimeMessage) {
  const invalidate = (prefix: string) => void client.invalidateQueries({ predicate: keyStartsWith(prefix) });
  switch (message.type) {
    case "venue_update":
      if (typeof message.venueId === "number" && message.latestUpdate) {
        patchVenue(client, message.venueId, message.latestUpdate);
        // for a venue held outside the cache: the open details panel (lib/live-venues.ts)
        recordLiveUpdate(message.venueId, message.latestUpdate);
      }
      invalidate("/api/my-venues");
      return;
    case "venue_vibes":
      // a crowd vibe vote (docs/vibe-votes.md): cards and open details take the new vibes, and the
      // venue's counts and evidence are read again
      applyVenueVibes(client, message);
      void client.invalidateQueries({ queryKey: vibeVotesKey(message.externalId) });
      return;
    case "friend_request":
      toast(REALTIME_TEXT.friendRequest(nameOf(message.user)));
      invalidate("/api/friends");
      return;
    case "friend_accepted":
      toast(REALTIME_TEXT.friendAccepted(nameOf(message.user)));
      invalidate("/api/friends");
      invalidate("/api/groups");
      invalidate("/api/posts");
      return;
    case "friend_post":
      toast(REALTIME_TEXT.friendPost(nameOf(message.user)));
      invalidate("/api/posts");
      return;
    case "post_liked":
      toast(REALTIME_TEXT.postLiked(nameOf(message.user)));
      invalidate("/api/posts");
      return;
    case "post_commented":
      toast(REALTIME_TEXT.postCommented(nameOf(message.comment?.user)));
      invalidate("/api/posts");
      return;
  }
}

/** Opens the realtime connection for a signed-in person and applies what it brings. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const [state, setState] = useState<RealtimeState>({ connected: false, lastMessage: null });
  const userId = user?.id ?? null;
  // Bumped when the server ends the socket's session: the connection is opened again with whatever
  // session the browser has now (a new one, after a password reset here), or not at all once signed out.
  const [generation, setGeneration] = useState(0);

  // Offline, the socket is closed rather than left to look open (a dead connection can take minutes
  // to notice): the live badge is honest, and a new one opens once the browser is online (issue 26)
  const { online } = useOffline();

  useEffect(() => {
    if (!userId || !online) return;
    const conn = connectRealtime({
      url: realtimeUrl(window.location),
      userId,
      onStatus: (connected) => setState((s) => ({ ...s, connected })),
      // signed out here or elsewhere (logout, sign out everywhere, a new password, expiry): the
      // current-user call is read again, and the app shows the signed-out screens
      onSessionEnded: () => {
        void client.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
        setGeneration((g) => g + 1);
      },
      onMessage: (message) => {
        setState((s) => ({ ...s, lastMessage: message }));
        applyRealtimeMessage(client, message);
      },
    });
    return () => {
      conn.close();
      forgetLiveUpdates();
      setState({ connected: false, lastMessage: null });
    };
  }, [userId, client, generation, online]);

  return <RealtimeContext.Provider value={state}>{children}</RealtimeContext.Provider>;
}
