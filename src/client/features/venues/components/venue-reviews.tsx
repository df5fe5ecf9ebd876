import { Star } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { VENUE_TEXT } from "@client/features/venues/texts";
import type { MyReview, ReviewItem, VenueReviews as VenueReviewsData } from "@shared/contracts/reviews";
import { Button, buttonVariants } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/confirm-dialog";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { useAuth } from "@client/lib/auth";
import { cn } from "@client/lib/utils";
import { useDeleteReview, useRemoveReview, useSaveReview, useVenueReviews } from "../api/venue-reviews";
import { reviewTime } from "../lib/venue-display";
import { REVIEW_TEXT } from "../texts";
import { VibeVotePanel } from "./vibe-votes";
import { useSingleFlight } from "@client/hooks/use-single-flight";

/**
 * The Reviews tab (issue 18): each source's rating, the person's own review (rate 1-5 with an
 * optional text, edit, delete; a removed one says why), and the reviews of VIBE's people and of a
 * provider, newest first, each labelled with its source. Guests are asked to create an account.
 */
export function VenueReviews({ externalId }: { externalId: string }) {
  const reviews = useVenueReviews(externalId);
  const { user } = useAuth();
  // Set when the person confirms Delete: the form that replaces the deleted review's (keyed anew)
  // takes the focus, since the button that had it is gone.
  const focusNextForm = useRef(false);
  // once the person posts a review here: "What's the vibe here?" follows it (issue 25)
  const [reviewed, setReviewed] = useState(false);
  if (reviews.isPending)
    return <p className="py-6 text-center text-sm text-muted-foreground">{VENUE_TEXT.loadingReviews}</p>;
  // not "No reviews available" and an empty form: the person's own review may exist, and a save would replace it
  if (reviews.isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center text-sm text-muted-foreground">
        <p>{REVIEW_TEXT.loadFailed}</p>
        <Button type="button" variant="outline" onClick={() => void reviews.refetch()} disabled={reviews.isFetching}>
          {VENUE_TEXT.retry}
        </Button>
      </div>
    );
  const data: VenueReviewsData = reviews.data;
  return (
    <div className="flex flex-col gap-4" aria-busy={reviews.isFetching}>
      {data.ratings.length > 0 && <RatingParts parts={data.ratings} />}
      {!user ? (
        <Prompt title={REVIEW_TEXT.signedOutPrompt} action={REVIEW_TEXT.signedOutAction} href="/" />
      ) : user.isGuest ? (
        <Prompt
          title={REVIEW_TEXT.guestPrompt}
          body={REVIEW_TEXT.guestBody}
          action={REVIEW_TEXT.guestAction}
          href="/profile"
        />
      ) : (
        <MyReviewForm
          key={data.mine?.updatedAt ?? "new"}
          externalId={externalId}
          mine={data.mine}
          focusOnMount={focusNextForm}
          onSaved={() => setReviewed(true)}
        />
      )}
      {reviewed && user && !user.isGuest && (
        <VibeVotePanel externalId={externalId} className="rounded-xl border border-border p-4" />
      )}
      <ReviewList externalId={externalId} reviews={data.reviews} isAdmin={user?.role === "admin"} />
    </div>
  );
}

function RatingParts({ parts }: { parts: VenueReviewsData["ratings"] }) {
  return (
    <section aria-label={REVIEW_TEXT.ratingsHeading} className="flex flex-wrap gap-2">
      {parts.map((p) => (
        <p
          key={p.source}
          className="inline-flex items-center gap-1 rounded-full border border-border px-3 py-1 text-xs"
          data-testid="rating-part"
        >
          <Star className="size-3.5 fill-amber-300 text-amber-300" aria-hidden="true" />
          {REVIEW_TEXT.ratingPart(p.source, p.rating, p.reviewCount)}
        </p>
      ))}
    </section>
  );
}

function Prompt({ title, body, action, href }: { title: string; body?: string; action: string; href: string }) {
  return (
    <section className="rounded-xl border border-border bg-secondary/30 p-4 text-center">
      <p className="text-sm font-semibold">{title}</p>
      {body && <p className="mt-1 text-xs text-muted-foreground">{body}</p>}
      <Link href={href} className={cn(buttonVariants({ variant: "outline" }), "mt-3 h-10 px-4")}>
        {action}
      </Link>
    </section>
  );
}

function StarPicker({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (n: number) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-1" disabled={disabled}>
      <legend className="sr-only">{REVIEW_TEXT.starsLabel}</legend>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="relative cursor-pointer rounded-md p-1 focus-within:ring-2 focus-within:ring-ring">
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="peer sr-only"
          />
          <span className="sr-only">{REVIEW_TEXT.star(n)}</span>
          <Star
            aria-hidden="true"
            className={cn("size-7", n <= value ? "fill-amber-300 text-amber-300" : "text-white/30")}
          />
        </label>
      ))}
    </fieldset>
  );
}

function MyReviewForm({
  externalId,
  mine,
  focusOnMount,
  onSaved,
}: {
  externalId: string;
  mine: MyReview | null;
  focusOnMount: React.RefObject<boolean>;
  onSaved: () => void;
}) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReview(externalId);
  const saveOnce = useSingleFlight(save);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    if (mine || !focusOnMount.current) return;
    focusOnMount.current = false;
    titleRef.current?.focus();
  }, [mine, focusOnMount]);

  if (mine?.removed)
    return (
      <section className="rounded-xl border border-red-400/40 bg-red-500/10 p-4" role="status">
        <p className="text-sm font-semibold">{REVIEW_TEXT.removedTitle}</p>
        <p className="mt-1 text-sm">{REVIEW_TEXT.removedBody(mine.removed.reason)}</p>
      </section>
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rating < 1) return setError(REVIEW_TEXT.chooseStars);
    saveOnce(
      { rating, text },
      {
        onSuccess: () => {
          toast({ title: REVIEW_TEXT.saved, description: REVIEW_TEXT.savedBody });
          onSaved();
        },
        onError: (e) => setError(errorMessage(e, REVIEW_TEXT.failed)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-border p-4"
      data-testid="my-review"
    >
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-sm font-semibold outline-none">
        {mine ? REVIEW_TEXT.editTitle : REVIEW_TEXT.rateTitle}
      </h3>
      <StarPicker
        value={rating}
        onChange={(n) => {
          setRating(n);
          setError(null);
        }}
        disabled={save.isPending}
      />
      <label htmlFor={textId} className="text-xs text-muted-foreground">
        {REVIEW_TEXT.textLabel}
      </label>
      <Textarea
        id={textId}
        value={text}
        maxLength={REVIEW_TEXT.textMax}
        placeholder={REVIEW_TEXT.textPlaceholder}
        onChange={(e) => setText(e.target.value)}
        className="min-h-20"
      />
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} className="h-10 px-4">
          {save.isPending ? REVIEW_TEXT.saving : mine ? REVIEW_TEXT.update : REVIEW_TEXT.save}
        </Button>
        {mine && (
          <DeleteMyReview
            externalId={externalId}
            onConfirm={() => {
              focusOnMount.current = true;
            }}
            onError={(e) => {
              focusOnMount.current = false;
              setError(errorMessage(e, REVIEW_TEXT.deleteFailed));
            }}
          />
        )}
      </div>
    </form>
  );
}

/**
 * Delete review, after asking (as Block and Sign out everywhere do): Cancel, Escape or the overlay
 * keep the review, and focus goes back to the button; Delete removes it, and focus goes to the
 * new form's heading (onConfirm), since the button is gone with the review.
 */
function DeleteMyReview({
  externalId,
  onConfirm,
  onError,
}: {
  externalId: string;
  onConfirm: () => void;
  onError: (error: unknown) => void;
}) {
  const [open, setOpen] = useState(false);
  const confirmed = useRef(false);
  const del = useDeleteReview(externalId);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" disabled={del.isPending} className="h-10 px-4">
          {del.isPending ? REVIEW_TEXT.deleting : REVIEW_TEXT.delete}
        </Button>
      }
      title={REVIEW_TEXT.deleteTitle}
      description={REVIEW_TEXT.deleteDescription}
      cancelLabel={REVIEW_TEXT.deleteCancel}
      confirmLabel={del.isPending ? REVIEW_TEXT.deleting : REVIEW_TEXT.deleteConfirm}
      pending={del.isPending}
      onCloseAutoFocus={(event) => {
        // the form's heading takes it instead (MyReviewForm)
        if (confirmed.current) event.preventDefault();
      }}
      onConfirm={() => {
        confirmed.current = true;
        onConfirm();
        del.mutate(undefined, {
          onSuccess: () => {
            setOpen(false);
            toast({ title: REVIEW_TEXT.deleted });
          },
          onError: (e) => {
            confirmed.current = false;
            setOpen(false);
            onError(e);
          },
        });
      }}
    />
  );
}

function Stars({ rating }: { rating: number }) {
  const rounded = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn("size-3.5", i < rounded ? "fill-amber-300 text-amber-300" : "text-white/25")}
        />
      ))}
    </span>
  );
}

function ReviewList({ externalId, reviews, isAdmin }: { externalId: string; reviews: ReviewItem[]; isAdmin: boolean }) {
  if (reviews.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{VENUE_TEXT.noReviews}</p>;
  return (
    <ul className="flex flex-col gap-3" data-testid="review-list">
      {reviews.map((review, i) => {
        const time = reviewTime(review.time);
        return (
          <li key={review.id ?? `p${i}`} className="rounded-xl border border-border bg-secondary/30 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-semibold">
                {review.author}
                {review.mine && (
                  <span className="ml-1 text-xs font-normal text-muted-foreground">({REVIEW_TEXT.you})</span>
                )}
              </p>
              {typeof review.rating === "number" && <Stars rating={review.rating} />}
            </div>
            <p className="text-xs text-muted-foreground">
              <span data-testid="review-source">{REVIEW_TEXT.sourceLabel(review.source)}</span>
              {time && ` · ${time}`}
            </p>
            {review.text && <p className="mt-2 text-sm leading-relaxed text-foreground/90">{review.text}</p>}
            {isAdmin && review.id !== null && <RemoveReview externalId={externalId} id={review.id} />}
          </li>
        );
      })}
    </ul>
  );
}

function RemoveReview({ externalId, id }: { externalId: string; id: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const remove = useRemoveReview(externalId);
  const reasonId = useId();
  if (!open)
    return (
      <Button type="button" variant="outline" className="mt-2 h-8 px-3 text-xs" onClick={() => setOpen(true)}>
        {REVIEW_TEXT.remove}
      </Button>
    );
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      aria-label={REVIEW_TEXT.removeTitle}
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(
          { id, reason },
          {
            onSuccess: () => toast({ title: REVIEW_TEXT.removed }),
            onError: (err) =>
              toast({ variant: "destructive", title: REVIEW_TEXT.removeFailed, description: errorMessage(err, "") }),
          },
        );
      }}
    >
      <label htmlFor={reasonId} className="text-xs text-muted-foreground">
        {REVIEW_TEXT.removeReason}
      </label>
      <Textarea
        id={reasonId}
        required
        value={reason}
        maxLength={REVIEW_TEXT.reasonMax}
        onChange={(e) => setReason(e.target.value)}
        className="min-h-16"
      />
      <div className="flex gap-2">
        <Button
          type="submit"
          variant="destructive"
          disabled={remove.isPending || !reason.trim()}
          className="h-8 px-3 text-xs"
        >
          {remove.isPending ? REVIEW_TEXT.removing : REVIEW_TEXT.removeConfirm}
        </Button>
        <Button type="button" variant="outline" className="h-8 px-3 text-xs" onClick={() => setOpen(false)}>
          {REVIEW_TEXT.removeCancel}
        </Button>
      </div>
    </form>
  );
}
