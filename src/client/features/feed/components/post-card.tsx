import { Heart, MapPin, MessageCircle } from "lucide-react";
import { useId } from "react";
import { FEED_TEXT } from "@client/features/feed/texts";
import type { Post } from "@shared/contracts/social";
import { InitialsAvatar } from "@client/components/ui/initials-avatar";
import { VibeChip } from "@client/components/ui/vibe-chip";
import { personInitials, personName } from "@client/lib/person";
import { formatAbsoluteTime, formatRelativeTime } from "@client/lib/relative-time";
import { cn } from "@client/lib/utils";
import { useToggleLike } from "../api/toggle-like";
import { PostComments } from "./post-comments";
import { Link } from "wouter";
import { FROM_APP, venuePath } from "@client/features/venues/lib/venue-link";

interface PostCardProps {
  post: Post;
  commentsOpen: boolean;
  commentsActive: boolean;
  onToggleComments: () => void;
  onActivateComments: () => void;
  now: Date;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const actionClass =
  "inline-flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-medium text-muted-foreground " +
  "transition-colors hover:bg-white/5 hover:text-foreground [&_svg]:size-5";

export function PostCard({
  post,
  commentsOpen,
  commentsActive,
  onToggleComments,
  onActivateComments,
  now,
}: PostCardProps) {
  const like = useToggleLike();
  const nameId = useId();
  const commentsId = useId();
  const name = personName(post.user);
  const place = post.venue?.name ?? post.locationText;

  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xl shadow-black/20 sm:p-5"
    >
      <header className="flex min-w-0 items-center gap-3">
        <InitialsAvatar initials={personInitials(post.user)} />
        <div className="min-w-0 flex-1">
          <p id={nameId} className="truncate font-semibold">
            {name}
          </p>
          <time
            dateTime={post.createdAt}
            title={formatAbsoluteTime(post.createdAt)}
            className="text-xs text-muted-foreground"
          >
            {formatRelativeTime(post.createdAt, now)}
          </time>
        </div>
      </header>

      {post.vibes.length > 0 && (
        <ul aria-label="Vibes" className="flex flex-wrap gap-1.5">
          {post.vibes.map((vibe) => (
            <li key={vibe} className="max-w-full">
              <VibeChip>{vibe}</VibeChip>
            </li>
          ))}
        </ul>
      )}

      {post.content && <p className="break-words whitespace-pre-wrap">{post.content}</p>}

      {place && (
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4 shrink-0 text-pink-300" aria-hidden="true" />
          <span className="sr-only">Location: </span>
          {post.venue ? (
            <Link
              href={venuePath(post.venue.externalId)}
              state={FROM_APP}
              className="min-w-0 truncate underline-offset-4 hover:text-foreground hover:underline"
            >
              {place}
            </Link>
          ) : (
            <span className="min-w-0 truncate">{place}</span>
          )}
        </p>
      )}

      <div className="-mx-2 flex items-center gap-1">
        <button
          type="button"
          aria-pressed={post.isLiked}
          aria-label={`${FEED_TEXT.like}, ${plural(post.likeCount, "like", "likes")}`}
          onClick={() => {
            // Not disabled while saving, so keyboard focus stays on the heart.
            if (!like.isPending) like.mutate(post.id);
          }}
          className={cn(actionClass, post.isLiked && "text-pink-300")}
        >
          <Heart aria-hidden="true" className={cn(post.isLiked && "fill-current")} />
          <span aria-hidden="true">{post.likeCount}</span>
        </button>
        <button
          type="button"
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? commentsId : undefined}
          aria-label={`${FEED_TEXT.comments}, ${plural(post.commentCount, "comment", "comments")}`}
          onClick={onToggleComments}
          className={cn(actionClass, commentsOpen && "text-foreground")}
        >
          <MessageCircle aria-hidden="true" />
          <span aria-hidden="true">{post.commentCount}</span>
        </button>
      </div>

      {commentsOpen && (
        <PostComments
          id={commentsId}
          postId={post.id}
          active={commentsActive}
          onActivate={onActivateComments}
          now={now}
        />
      )}
    </article>
  );
}
