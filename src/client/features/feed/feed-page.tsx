import { Plus, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { FEED_TEXT } from "@client/features/feed/texts";
import { PAGE_TITLES } from "@client/lib/texts";
import { Button, buttonVariants } from "@client/components/ui/button";
import { Dialog, DialogTrigger } from "@client/components/ui/dialog";
import { EmptyPanel, ErrorPanel } from "@client/components/ui/state-panel";
import { useFeed } from "./api/feed";
import { CreatePostDialogContent } from "./components/create-post-dialog";
import { FeedSkeleton } from "./components/feed-skeleton";
import { PostCard } from "./components/post-card";
import {
  activateComments,
  isCommentsActive,
  isCommentsOpen,
  noOpenComments,
  toggleComments,
} from "./lib/open-comments";

/** Re-renders every minute so "5m ago" stays true while the page is open. */
function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function FeedPage() {
  const feed = useFeed();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [comments, setComments] = useState(noOpenComments);
  const now = useNow();
  const posts = feed.data ?? [];

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{PAGE_TITLES.feed}</h1>
        <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
          <DialogTrigger asChild>
            <Button>
              <Plus aria-hidden="true" />
              {FEED_TEXT.shareYourVibe}
            </Button>
          </DialogTrigger>
          <CreatePostDialogContent onPosted={() => setDialogOpen(false)} />
        </Dialog>
      </header>

      {feed.isError && (
        <ErrorPanel
          title={FEED_TEXT.loadFailed}
          error={feed.error}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      )}

      {feed.isPending ? (
        <FeedSkeleton />
      ) : posts.length === 0 ? (
        !feed.isError && (
          <EmptyPanel title={FEED_TEXT.emptyTitle} body={FEED_TEXT.emptyBody} icon={<UserPlus />}>
            <Link href="/friends" className={buttonVariants({ variant: "outline", size: "sm" })}>
              {FEED_TEXT.findFriends}
            </Link>
          </EmptyPanel>
        )
      ) : (
        <ul aria-label="Posts" className="flex flex-col gap-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                now={now}
                commentsOpen={isCommentsOpen(comments, post.id)}
                commentsActive={isCommentsActive(comments, post.id)}
                onToggleComments={() => setComments((s) => toggleComments(s, post.id))}
                onActivateComments={() => setComments((s) => activateComments(s, post.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
