import { useId, useState } from "react";
import type { Post } from "@shared/contracts/social";
import { FEED_TEXT } from "@client/features/feed/texts";
import { LIMITS, PICKER_VIBES, SOCIAL_LIMITS } from "@shared/vocabulary";
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
import { Label } from "@client/components/ui/label";
import { Textarea } from "@client/components/ui/textarea";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import { toast } from "@client/hooks/use-toast";
import { useAuth } from "@client/lib/auth";
import { cn } from "@client/lib/utils";
import { useCreatePost } from "../api/create-post";
import { buildPostBody, emptyPostDraft, postDraftError, togglePostVibe, type PostDraft } from "../lib/post-draft";
import { VenueField } from "./venue-field";
import { VibeVotePanel } from "@client/features/venues/components/vibe-votes";
import { VIBE_VOTE_TEXT } from "@client/features/venues/texts";
import { useSingleFlight } from "@client/hooks/use-single-flight";

/**
 * The body of the Share Your Vibe dialog; render inside a Dialog root. A check-in that names a venue
 * is followed by "What's the vibe here?" about it (issue 25), for people whose votes VIBE takes;
 * Done closes the dialog.
 */
export function CreatePostDialogContent({ onPosted }: { onPosted: () => void }) {
  const { user } = useAuth();
  const [checkedIn, setCheckedIn] = useState<{ externalId: string; name: string } | null>(null);
  if (checkedIn)
    return (
      // closed by Done, Escape or the overlay: the next opening starts with a new post
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={() => setCheckedIn(null)}>
        <DialogHeader>
          <DialogTitle>{VIBE_VOTE_TEXT.title}</DialogTitle>
          <DialogDescription>{VIBE_VOTE_TEXT.afterCheckIn(checkedIn.name)}</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <VibeVotePanel externalId={checkedIn.externalId} hideTitle />
        </DialogBody>
        <DialogFooter>
          <Button type="button" onClick={onPosted}>
            {VIBE_VOTE_TEXT.done}
          </Button>
        </DialogFooter>
      </DialogContent>
    );
  return (
    <PostForm
      onPosted={(post) => {
        if (post.venue && user && !user.isGuest)
          setCheckedIn({ externalId: post.venue.externalId, name: post.venue.name });
        else onPosted();
      }}
    />
  );
}

function PostForm({ onPosted }: { onPosted: (post: Post) => void }) {
  const { user } = useAuth();
  const [draft, setDraft] = useState<PostDraft>(emptyPostDraft);
  const formId = useId();
  const vibesLabelId = useId();
  const vibesHintId = useId();
  const captionId = useId();
  const captionCountId = useId();
  const create = useCreatePost({
    onSuccess: (post) => {
      setDraft(emptyPostDraft);
      onPosted(post);
    },
  });
  const createOnce = useSingleFlight(create);
  const full = draft.vibes.length >= LIMITS.vibesMax;
  const update = (patch: Partial<PostDraft>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <DialogContent className="sm:max-w-xl">
      <DialogHeader>
        <DialogTitle>{FEED_TEXT.shareYourVibe}</DialogTitle>
        <DialogDescription>{FEED_TEXT.dialogDescription}</DialogDescription>
      </DialogHeader>
      <DialogBody>
        <form
          id={formId}
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (create.isPending) return;
            const error = postDraftError(draft);
            if (error) {
              toast({ variant: "destructive", title: FEED_TEXT.errorTitle, description: error });
              return;
            }
            createOnce(buildPostBody(draft));
          }}
        >
          <div
            role="group"
            aria-labelledby={vibesLabelId}
            aria-describedby={vibesHintId}
            className="flex flex-col gap-2"
          >
            <p id={vibesLabelId} className="text-sm font-medium">
              {FEED_TEXT.vibesLabel}
            </p>
            <div className="flex flex-wrap gap-2">
              {PICKER_VIBES.map((vibe) => {
                const pressed = draft.vibes.includes(vibe);
                const blocked = !pressed && full;
                return (
                  <ToggleChip
                    key={vibe}
                    pressed={pressed}
                    aria-disabled={blocked || undefined}
                    className={cn(blocked && "cursor-not-allowed opacity-50")}
                    onClick={() => update({ vibes: togglePostVibe(draft.vibes, vibe) })}
                  >
                    {vibe}
                  </ToggleChip>
                );
              })}
            </div>
            <p id={vibesHintId} className="text-xs text-muted-foreground">
              {full
                ? `${LIMITS.vibesMax} of ${LIMITS.vibesMax} selected. Remove one to pick another.`
                : `${draft.vibes.length} of ${LIMITS.vibesMax} selected`}
            </p>
          </div>

          <VenueField
            venue={draft.venue}
            text={draft.locationText}
            onVenueChange={(venue) => update({ venue })}
            onTextChange={(locationText) => update({ locationText })}
          />
          {user && !user.privacyShareLocation && (
            <p className="-mt-3 text-xs text-amber-200">{FEED_TEXT.locationOff}</p>
          )}

          <div className="flex flex-col gap-1.5">
            <Label htmlFor={captionId}>{FEED_TEXT.captionLabel}</Label>
            <Textarea
              id={captionId}
              value={draft.caption}
              onChange={(event) => update({ caption: event.target.value })}
              placeholder={FEED_TEXT.captionPlaceholder}
              maxLength={SOCIAL_LIMITS.postContentMax}
              rows={3}
              aria-describedby={captionCountId}
            />
            <p id={captionCountId} className="self-end text-xs text-muted-foreground tabular-nums">
              {draft.caption.length}/{SOCIAL_LIMITS.postContentMax}
              <span className="sr-only"> characters</span>
            </p>
          </div>
        </form>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{FEED_TEXT.cancel}</Button>
        </DialogClose>
        <Button type="submit" form={formId} disabled={create.isPending}>
          {create.isPending ? FEED_TEXT.submitting : FEED_TEXT.submit}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
