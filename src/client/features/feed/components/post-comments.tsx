import { Send } from "lucide-react";
import { useRef, useState } from "react";
import { FEED_TEXT } from "@client/features/feed/texts";
import { SOCIAL_LIMITS } from "@shared/vocabulary";
import type { Comment } from "@shared/contracts/social";
import { Button } from "@client/components/ui/button";
import { InitialsAvatar } from "@client/components/ui/initials-avatar";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { ErrorPanel } from "@client/components/ui/state-panel";
import { personInitials, personName } from "@client/lib/person";
import { formatAbsoluteTime, formatRelativeTime } from "@client/lib/relative-time";
import { useAddComment } from "../api/add-comment";
import { usePostComments } from "../api/post-comments";
import { canSendComment, commentToSend } from "../lib/comment-rules";
import { useSingleFlight } from "@client/hooks/use-single-flight";

interface PostCommentsProps {
  id: string;
  postId: string;
  /** Only the most recently opened post loads its comments (spec 4). */
  active: boolean;
  onActivate: () => void;
  now: Date;
}

/** The inline comments area of a post: its comments, oldest first, and a one-line form. */
export function PostComments({ id, postId, active, onActivate, now }: PostCommentsProps) {
  const comments = usePostComments(postId, active);
  return (
    <section id={id} aria-label={FEED_TEXT.comments} className="flex flex-col gap-3 border-t border-border pt-3">
      {comments.data ? (
        <CommentList comments={comments.data} now={now} />
      ) : comments.isError ? (
        <ErrorPanel
          title={FEED_TEXT.commentsFailed}
          error={comments.error}
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
          className="py-5"
        />
      ) : active ? (
        <div role="status" aria-label={FEED_TEXT.commentsLoading} className="flex flex-col gap-2">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ) : (
        <Button variant="ghost" size="sm" className="self-start" onClick={onActivate}>
          {FEED_TEXT.showComments}
        </Button>
      )}
      <CommentForm postId={postId} />
    </section>
  );
}

function CommentList({ comments, now }: { comments: Comment[]; now: Date }) {
  if (!comments.length) return <p className="text-sm text-muted-foreground">{FEED_TEXT.commentsEmpty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {comments.map((c) => (
        <li key={c.id} className="flex min-w-0 gap-2.5">
          <InitialsAvatar initials={personInitials(c.user)} className="size-8 text-xs" />
          <div className="min-w-0 flex-1 rounded-2xl bg-secondary/60 px-3 py-2">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{personName(c.user)}</span>
              <time
                dateTime={c.createdAt}
                title={formatAbsoluteTime(c.createdAt)}
                className="text-xs text-muted-foreground"
              >
                {formatRelativeTime(c.createdAt, now)}
              </time>
            </p>
            <p className="text-sm break-words whitespace-pre-wrap">{c.content}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function CommentForm({ postId }: { postId: string }) {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const add = useAddComment(postId, {
    onSuccess: () => {
      setText("");
      // The send button is disabled again once the box is empty: keep the person in the box.
      inputRef.current?.focus();
    },
  });
  const addOnce = useSingleFlight(add);
  const sendable = canSendComment(text, add.isPending);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const content = commentToSend(text);
        if (content === null || add.isPending) return;
        addOnce(content);
      }}
    >
      <Input
        ref={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label={FEED_TEXT.commentLabel}
        placeholder={FEED_TEXT.commentPlaceholder}
        maxLength={SOCIAL_LIMITS.commentMax}
        autoComplete="off"
        enterKeyHint="send"
        className="h-10"
      />
      <Button type="submit" size="icon" aria-label={FEED_TEXT.sendComment} disabled={!sendable}>
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}
