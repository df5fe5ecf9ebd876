import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import type { VibeVoteAnswer } from "@shared/vocabulary";
import { Button, buttonVariants } from "@client/components/ui/button";
import { errorMessage } from "@client/lib/api-error";
import { useAuth } from "@client/lib/auth";
import { cn } from "@client/lib/utils";
import { useCastVibeVote, useVibeVotes, type VenueVibeVotes } from "../api/vibe-votes";
import { VIBE_VOTE_TEXT } from "../texts";
import { VibeIcon } from "./vibe-icon";

/**
 * Crowd vibe votes on screen (issue 25, docs/vibe-votes.md). `VibeVotePanel` is "What's the vibe
 * here?" with every vibe the product knows; `VibeVoteQuestion` asks one ("Is it Romantic? Yes ·
 * No", a likely card's). Both read and write through `api/vibe-votes.ts`, so a tap in one shows in
 * the other, in the venue's cards and in its details at once. One tap answers; a tap on the answer
 * given takes it back. Who may not vote (signed out, a guest, an unproven email) sees the counts
 * and how to take part.
 */

/** One vibe's state and its tap: the answer given, the counts, and whether a tap is on its way. */
function useVibeVote(externalId: string) {
  const votes = useVibeVotes(externalId);
  const cast = useCastVibeVote(externalId);
  const [said, setSaid] = useState<{ vibe: string; vote: VibeVoteAnswer | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tap = (vibe: string, answer: VibeVoteAnswer, onDone?: (vote: VibeVoteAnswer | null) => void) => {
    if (cast.isPending) return;
    const vote = votes.data?.mine[vibe] === answer ? null : answer;
    setError(null);
    cast.mutate(
      { vibe, vote },
      {
        onSuccess: () => {
          setSaid({ vibe, vote });
          onDone?.(vote);
        },
        onError: (e) => setError(errorMessage(e, VIBE_VOTE_TEXT.failed)),
      },
    );
  };
  const pendingVibe = cast.isPending ? (cast.variables?.vibe ?? null) : null;
  return { votes, tap, pendingVibe, said, error };
}

/** The two buttons of a vibe: pressed shows the person's answer; disabled while it is saved. */
function Answers({
  vibe,
  mine,
  canVote,
  pending,
  onTap,
  compact,
}: {
  vibe: string;
  mine: VibeVoteAnswer | undefined;
  canVote: boolean;
  pending: boolean;
  onTap: (answer: VibeVoteAnswer) => void;
  compact?: boolean;
}) {
  if (!canVote) return null;
  return (
    <span className="flex shrink-0 gap-1.5">
      {(["yes", "no"] as const).map((answer) => {
        const pressed = mine === answer;
        const label = answer === "yes" ? VIBE_VOTE_TEXT.yes : VIBE_VOTE_TEXT.no;
        return (
          <button
            key={answer}
            type="button"
            aria-pressed={pressed}
            aria-label={VIBE_VOTE_TEXT.answerLabel(label, vibe)}
            disabled={pending}
            onClick={() => onTap(answer)}
            data-vote={answer}
            className={cn(
              "inline-flex items-center justify-center gap-1 rounded-full border text-sm font-medium " +
                "transition-colors disabled:opacity-60 focus-visible:ring-2 focus-visible:ring-ring " +
                "focus-visible:outline-none",
              compact ? "h-9 min-w-12 px-3" : "h-10 min-w-14 px-3",
              pressed
                ? answer === "yes"
                  ? "border-emerald-300/70 bg-emerald-500/25 text-emerald-50"
                  : "border-rose-300/70 bg-rose-500/25 text-rose-50"
                : "border-border bg-secondary/40 text-foreground hover:bg-white/10",
            )}
          >
            {pressed && (answer === "yes" ? <Check aria-hidden="true" /> : <X aria-hidden="true" />)}
            {label}
          </button>
        );
      })}
    </span>
  );
}

/** "7 yes · 1 no", read out as "Romantic: 7 people said yes, 1 said no". */
function Counts({ vibe, yes, no }: { vibe: string; yes: number; no: number }) {
  return (
    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
      <span aria-hidden="true" data-testid="vibe-vote-counts">
        {VIBE_VOTE_TEXT.counts(yes, no)}
      </span>
      <span className="sr-only">{VIBE_VOTE_TEXT.countsLabel(vibe, yes, no)}</span>
    </span>
  );
}

/** Signed out, a guest, an unproven email: why they cannot vote, and the way to (the counts stay). */
function Invitation({ data }: { data: VenueVibeVotes }) {
  const { user } = useAuth();
  if (data.canVote) {
    // an owner, or someone whose review VIBE removed: they vote, and it is not counted
    return data.notice ? <p className="text-xs text-amber-200">{data.notice}</p> : null;
  }
  const action = !user
    ? { text: VIBE_VOTE_TEXT.signIn, href: "/" }
    : user.isGuest
      ? { text: VIBE_VOTE_TEXT.join, href: "/profile" }
      : { text: VIBE_VOTE_TEXT.verify, href: "/profile" };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-secondary/30 p-3">
      <p className="min-w-0 flex-1 text-sm" data-testid="vibe-vote-invitation">
        {data.notice}
      </p>
      <Link href={action.href} className={cn(buttonVariants({ variant: "outline" }), "h-10 px-4")}>
        {action.text}
      </Link>
    </div>
  );
}

/**
 * "What's the vibe here?": each vibe the product knows with its counted Yes and No, and the
 * person's own answer.
 */
export function VibeVotePanel({
  externalId,
  hideTitle,
  className,
}: {
  externalId: string;
  /** The title is already said around it (the check-in dialog's own title): read out only. */
  hideTitle?: boolean;
  className?: string;
}) {
  const { votes, tap, pendingVibe, said, error } = useVibeVote(externalId);
  const headingId = useId();
  const data = votes.data;
  return (
    <section aria-labelledby={headingId} className={cn("flex flex-col gap-3", className)} data-testid="vibe-votes">
      <div>
        <h3 id={headingId} className={hideTitle ? "sr-only" : "text-base font-semibold"}>
          {VIBE_VOTE_TEXT.title}
        </h3>
        {data?.canVote && <p className="mt-0.5 text-xs text-muted-foreground">{VIBE_VOTE_TEXT.intro}</p>}
      </div>
      {votes.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {VIBE_VOTE_TEXT.loading}
        </p>
      ) : votes.isError || !data ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-muted-foreground">
          <p>{VIBE_VOTE_TEXT.loadFailed}</p>
          <Button type="button" variant="outline" onClick={() => void votes.refetch()} disabled={votes.isFetching}>
            {VIBE_VOTE_TEXT.retry}
          </Button>
        </div>
      ) : (
        <>
          <Invitation data={data} />
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {data.counts.map(({ vibe, yes, no }) => (
              <li key={vibe} className="flex min-h-12 items-center gap-2 px-3 py-1.5" data-vibe={vibe}>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="inline-flex items-center gap-1.5 text-sm font-medium break-words">
                    <VibeIcon vibe={vibe} />
                    {vibe}
                  </span>
                  <Counts vibe={vibe} yes={yes} no={no} />
                </span>
                <Answers
                  vibe={vibe}
                  mine={data.mine[vibe]}
                  canVote={data.canVote}
                  pending={pendingVibe === vibe}
                  onTap={(answer) => tap(vibe, answer)}
                />
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{VIBE_VOTE_TEXT.whoCounts}</p>
        </>
      )}
      <p role="status" aria-live="polite" className={cn("text-sm", error ? "text-red-300" : "text-emerald-200")}>
        {error ?? (said ? VIBE_VOTE_TEXT.saved(said.vibe, said.vote) : "")}
      </p>
    </section>
  );
}

/**
 * "Is it Romantic? Yes · No": one vibe's question, for a card (a likely match, issue 25 section 2).
 * People who may not vote see the counts only; `onVoted` hears each answer saved (null: taken back).
 */
export function VibeVoteQuestion({
  externalId,
  vibe,
  className,
  onVoted,
}: {
  externalId: string;
  vibe: string;
  className?: string;
  onVoted?: (vote: VibeVoteAnswer | null) => void;
}) {
  const { votes, tap, pendingVibe, said, error } = useVibeVote(externalId);
  const data = votes.data;
  const count = data?.counts.find((c) => c.vibe === vibe);
  const last = said?.vibe === vibe ? said : null;
  return (
    <div
      role="group"
      aria-label={VIBE_VOTE_TEXT.question(vibe)}
      className={cn("flex flex-wrap items-center gap-2", className)}
      data-testid="vibe-vote-question"
    >
      <span className="text-sm font-medium">{VIBE_VOTE_TEXT.question(vibe)}</span>
      {data && (
        <Answers
          vibe={vibe}
          mine={data.mine[vibe]}
          canVote={data.canVote}
          pending={pendingVibe === vibe}
          compact
          onTap={(answer) => tap(vibe, answer, onVoted)}
        />
      )}
      {count && <Counts vibe={vibe} yes={count.yes} no={count.no} />}
      <span role="status" aria-live="polite" className={cn("w-full text-xs", error ? "text-red-300" : "sr-only")}>
        {error ?? (last ? VIBE_VOTE_TEXT.saved(vibe, last.vote) : "")}
      </span>
    </div>
  );
}
