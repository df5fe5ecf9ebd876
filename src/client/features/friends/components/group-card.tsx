import { ChevronDown, LogOut, MapPin, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { FRIENDS_TEXT, GROUP_VENUES_SHOWN } from "@client/features/friends/texts";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { Group } from "@shared/contracts/social";
import type { Venue } from "@shared/contracts/venues";
import { ratingShown } from "@client/features/venues/lib/venue-display";
import { Button } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { ErrorPanel } from "@client/components/ui/state-panel";
import { VibeChip } from "@client/components/ui/vibe-chip";
import { personName } from "@client/lib/person";
import { cn } from "@client/lib/utils";
import { useDeleteGroup } from "../api/delete-group";
import { useGroupVenues } from "../api/group-venues";
import { Link } from "wouter";
import { FROM_APP, venuePath } from "@client/features/venues/lib/venue-link";
import { useLeaveGroup } from "../api/leave-group";

const members = (n: number) => `${n} ${n === 1 ? "member" : "members"}`;

export function GroupCard({
  group,
  myId,
  onDeleted,
}: {
  group: Group;
  myId: string | undefined;
  /** After the group is gone from the list (deleted, or left). */
  onDeleted?: () => void;
}) {
  const [showVenues, setShowVenues] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteGroup({ onSuccess: onDeleted });
  const leave = useLeaveGroup({ onSuccess: onDeleted });
  const titleId = useId();
  const venuesId = useId();
  const names = group.members.map((m) => (m.id === myId ? "You" : personName(m))).join(", ");

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-lg font-semibold">
            {group.name}
          </h3>
          <p className="text-sm text-muted-foreground">{members(group.memberCount)}</p>
          {names && <p className="truncate text-xs text-muted-foreground">{names}</p>}
        </div>
        {!group.isCreator && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${FRIENDS_TEXT.leaveGroup} ${group.name}`}
            disabled={leave.isPending}
            onClick={() => leave.mutate(group.id)}
            className="text-muted-foreground"
          >
            <LogOut aria-hidden="true" />
            {FRIENDS_TEXT.leaveGroup}
          </Button>
        )}
        {group.isCreator && (
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={`${FRIENDS_TEXT.deleteGroup} ${group.name}`}
                disabled={remove.isPending}
                className="text-muted-foreground hover:text-red-300"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            }
            title={FRIENDS_TEXT.deleteGroupTitle.replace("{name}", group.name)}
            description={FRIENDS_TEXT.deleteGroupDescription}
            cancelLabel={FRIENDS_TEXT.cancel}
            confirmLabel={remove.isPending ? FRIENDS_TEXT.deletingGroup : FRIENDS_TEXT.deleteGroupConfirm}
            pending={remove.isPending}
            onConfirm={() => remove.mutate(group.id, { onSettled: () => setConfirmDelete(false) })}
          />
        )}
      </header>

      <div className="flex flex-col gap-1.5">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{FRIENDS_TEXT.mixedVibes}</p>
        {group.mixedVibes.length ? (
          <ul aria-label={FRIENDS_TEXT.mixedVibes} className="flex flex-wrap gap-1.5">
            {group.mixedVibes.map((vibe) => (
              <li key={vibe}>
                <VibeChip>{vibe}</VibeChip>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{FRIENDS_TEXT.noMixedVibes}</p>
        )}
      </div>

      <Button
        variant="outline"
        size="sm"
        className="self-start"
        aria-expanded={showVenues}
        aria-controls={showVenues ? venuesId : undefined}
        onClick={() => setShowVenues((v) => !v)}
      >
        <MapPin aria-hidden="true" />
        {FRIENDS_TEXT.findVenues}
        <ChevronDown aria-hidden="true" className={cn("transition-transform", showVenues && "rotate-180")} />
      </Button>
      {showVenues && <GroupVenues id={venuesId} groupId={group.id} />}
    </article>
  );
}

/** A top pick's rating in words: a source's figure, or "No ratings yet" (never the spec's 4.8). */
function RatingText({ venue }: { venue: Venue }) {
  const rating = ratingShown(venue);
  if (!rating) return <span data-testid="no-rating">{VENUE_TEXT.noRatingYet}</span>;
  return (
    <span title={`Rating from ${rating.source}`}>
      ★ {rating.text}
      <span className="sr-only"> out of 5 on {rating.source}</span>
    </span>
  );
}

function GroupVenues({ id, groupId }: { id: string; groupId: string }) {
  const venues = useGroupVenues(groupId, true);
  return (
    <section
      id={id}
      aria-label={FRIENDS_TEXT.groupVenuesTitle}
      className="rounded-xl border border-border bg-background/40 p-3"
    >
      {venues.isPending ? (
        <div role="status" aria-label={FRIENDS_TEXT.findingVenues} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ) : venues.isError ? (
        <ErrorPanel
          title={venues.error instanceof Error ? venues.error.message : FRIENDS_TEXT.groupVenuesFailed}
          error={venues.error}
          onRetry={() => void venues.refetch()}
          retrying={venues.isFetching}
          className="py-5"
        />
      ) : venues.data.venues.length === 0 ? (
        <p className="text-sm text-muted-foreground">{FRIENDS_TEXT.noGroupVenues}</p>
      ) : (
        <>
          <h4 className="mb-2 text-sm font-semibold">{FRIENDS_TEXT.groupVenuesTitle}</h4>
          <ol className="flex flex-col gap-2">
            {venues.data.venues.slice(0, GROUP_VENUES_SHOWN).map((v) => (
              <li key={v.id} className="flex min-w-0 items-baseline gap-2 text-sm">
                <Link
                  href={venuePath(v.externalId)}
                  state={FROM_APP}
                  className="min-w-0 flex-1 truncate font-medium underline-offset-4 hover:underline"
                >
                  {v.name}
                </Link>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {v.category}
                  {v.distance && ` · ${v.distance} mi`}
                  {" · "}
                  <RatingText venue={v} />
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
