import { useState, type FormEvent } from "react";
import { BROADCAST_DEFAULTS, BUSINESS_TEXT } from "@client/features/business/texts";
import { BROADCAST_VIBES, CAPACITY_STATUSES, LIMITS, NOISE_LEVELS } from "@shared/vocabulary";
import { contradictionMessage, contradicts } from "@shared/vibe-tags";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { useBroadcastUpdate, type VenueUpdateInput } from "../api/broadcast-update";
import { useSingleFlight } from "@client/hooks/use-single-flight";

const NOTES_MAX = 280;

/**
 * Toggling a broadcast vibe (spec 5, issue 26): any vibe, the default Chill too, can be unpicked; a
 * fourth is refused (its chip is disabled, "At most 3"), and so is a vibe that contradicts one
 * already picked, with the message saying which.
 */
export function toggleBroadcastVibe(
  selected: readonly string[],
  vibe: string,
): { vibes: string[]; refusal: string | null } {
  if (selected.includes(vibe)) return { vibes: selected.filter((v) => v !== vibe), refusal: null };
  if (selected.length >= LIMITS.broadcastVibes) return { vibes: [...selected], refusal: BUSINESS_TEXT.atMost };
  const clash = selected.find((v) => contradicts(v, vibe));
  if (clash) return { vibes: [...selected], refusal: contradictionMessage(vibe, clash) };
  return { vibes: [...selected, vibe], refusal: null };
}

/** The Update Your Vibe form, with the spec's defaults: Moderate, Quiet, Chill. */
export function UpdateForm({ venueId }: { venueId: number | undefined }) {
  const [capacity, setCapacity] = useState<VenueUpdateInput["capacityStatus"]>(BROADCAST_DEFAULTS.capacityStatus);
  const [noise, setNoise] = useState<VenueUpdateInput["noiseLevel"]>(BROADCAST_DEFAULTS.noiseLevel);
  const [vibes, setVibes] = useState<string[]>([...BROADCAST_DEFAULTS.currentVibes]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [isOpen, setIsOpen] = useState(true);
  const [liveMusic, setLiveMusic] = useState(false);
  const broadcast = useBroadcastUpdate();
  const broadcastOnce = useSingleFlight(broadcast);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (venueId === undefined) {
      toast({ title: BUSINESS_TEXT.failure, description: BUSINESS_TEXT.noVenueFound, variant: "destructive" });
      return;
    }
    broadcastOnce(
      {
        venueId,
        update: {
          capacityStatus: capacity,
          noiseLevel: noise,
          currentVibes: vibes,
          specialNotes: notes.trim() || null,
          isOpen,
          liveMusic,
        },
      },
      {
        onSuccess: () =>
          toast({
            title: BUSINESS_TEXT.success,
            description: [capacity, noise, vibes.join(", "), liveMusic ? BUSINESS_TEXT.liveMusic : ""]
              .filter(Boolean)
              .join(" · "),
          }),
        onError: (err) =>
          toast({
            title: BUSINESS_TEXT.failure,
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <Card className="p-5">
      <form onSubmit={submit} className="flex flex-col gap-5" aria-labelledby="update-form-title">
        <h2 id="update-form-title" className="text-lg font-semibold">
          {BUSINESS_TEXT.formTitle}
        </h2>
        <Choice label={BUSINESS_TEXT.capacity} options={CAPACITY_STATUSES} value={capacity} onChange={setCapacity} />
        <Choice label={BUSINESS_TEXT.noise} options={NOISE_LEVELS} value={noise} onChange={setNoise} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{BUSINESS_TEXT.vibes}</legend>
          <div className="flex flex-wrap gap-2">
            {BROADCAST_VIBES.map((vibe) => {
              const full = !vibes.includes(vibe) && vibes.length >= LIMITS.broadcastVibes;
              return (
                <ToggleChip
                  key={vibe}
                  pressed={vibes.includes(vibe)}
                  disabled={full}
                  title={full ? BUSINESS_TEXT.atMost : undefined}
                  aria-describedby={full ? "broadcast-vibes-cap" : undefined}
                  className="disabled:cursor-not-allowed disabled:opacity-45"
                  onClick={() => {
                    const next = toggleBroadcastVibe(vibes, vibe);
                    setVibes(next.vibes);
                    setRefusal(next.refusal);
                  }}
                >
                  {vibe}
                </ToggleChip>
              );
            })}
          </div>
          {vibes.length >= LIMITS.broadcastVibes && (
            <p id="broadcast-vibes-cap" className="text-xs text-muted-foreground">
              {BUSINESS_TEXT.atMost}
            </p>
          )}
          {refusal && refusal !== BUSINESS_TEXT.atMost && (
            <p role="alert" className="text-sm text-red-300">
              {refusal}
            </p>
          )}
        </fieldset>
        <label className="flex flex-col gap-2 text-sm font-medium">
          {BUSINESS_TEXT.notes}
          <textarea
            value={notes}
            maxLength={NOTES_MAX}
            onChange={(e) => setNotes(e.target.value)}
            rows={2}
            placeholder="Happy hour until 7, live set at 9..."
            className={
              "rounded-lg border border-border bg-background px-3 py-2 text-sm font-normal " +
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-pink-400"
            }
          />
          <span className="self-end text-xs font-normal text-muted-foreground">
            {notes.length}/{NOTES_MAX}
          </span>
        </label>
        <label className="inline-flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            checked={isOpen}
            onChange={(e) => setIsOpen(e.target.checked)}
            className="size-4 accent-pink-500"
          />
          {BUSINESS_TEXT.open}
        </label>
        <div className="flex flex-col gap-1">
          <label className="inline-flex items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              checked={liveMusic}
              onChange={(e) => setLiveMusic(e.target.checked)}
              aria-describedby="broadcast-live-music-hint"
              className="size-4 accent-pink-500"
            />
            {BUSINESS_TEXT.liveMusic}
          </label>
          <p id="broadcast-live-music-hint" className="pl-7 text-xs text-muted-foreground">
            {BUSINESS_TEXT.liveMusicHint}
          </p>
        </div>
        <Button type="submit" size="lg" disabled={broadcast.isPending}>
          {broadcast.isPending ? BUSINESS_TEXT.broadcasting : BUSINESS_TEXT.broadcast}
        </Button>
      </form>
    </Card>
  );
}

function Choice<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            role="radio"
            aria-checked={value === o}
            onClick={() => onChange(o)}
            className={
              "h-9 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-2 " +
              "focus-visible:outline-offset-2 focus-visible:outline-pink-400 " +
              (value === o
                ? "bg-linear-to-r from-purple-600 to-pink-600 text-white"
                : "border border-border bg-secondary/60 hover:bg-secondary")
            }
          >
            {o}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
