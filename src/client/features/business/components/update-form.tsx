import { useState, type FormEvent } from "react";
import { BROADCAST_DEFAULTS, BUSINESS_TEXT } from "@client/features/business/texts";
import { BROADCAST_VIBES, CAPACITY_STATUSES, LIMITS, NOISE_LEVELS } from "@shared/vocabulary";
import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { ToggleChip } from "@client/components/ui/toggle-chip";
import { toast } from "@client/hooks/use-toast";
import { errorMessage } from "@client/lib/api-error";
import { useBroadcastUpdate, type VenueUpdateInput } from "../api/broadcast-update";

const NOTES_MAX = 280;

/** Toggling a broadcast vibe: a fourth is ignored (spec 5). */
export function toggleBroadcastVibe(selected: readonly string[], vibe: string): string[] {
  if (selected.includes(vibe)) return selected.filter((v) => v !== vibe);
  if (selected.length >= LIMITS.broadcastVibes) return [...selected];
  return [...selected, vibe];
}

/** The Update Your Vibe form, with the spec's defaults: Moderate, Quiet, Chill. */
export function UpdateForm({ venueId }: { venueId: number | undefined }) {
  const [capacity, setCapacity] = useState<VenueUpdateInput["capacityStatus"]>(BROADCAST_DEFAULTS.capacityStatus);
  const [noise, setNoise] = useState<VenueUpdateInput["noiseLevel"]>(BROADCAST_DEFAULTS.noiseLevel);
  const [vibes, setVibes] = useState<string[]>([...BROADCAST_DEFAULTS.currentVibes]);
  const [notes, setNotes] = useState("");
  const [isOpen, setIsOpen] = useState(true);
  const broadcast = useBroadcastUpdate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (venueId === undefined) {
      toast({ title: BUSINESS_TEXT.failure, description: BUSINESS_TEXT.noVenueFound, variant: "destructive" });
      return;
    }
    broadcast.mutate(
      {
        venueId,
        update: {
          capacityStatus: capacity,
          noiseLevel: noise,
          currentVibes: vibes,
          specialNotes: notes.trim() || null,
          isOpen,
        },
      },
      {
        onSuccess: () =>
          toast({
            title: BUSINESS_TEXT.success,
            description: `${capacity} · ${noise}${vibes.length ? ` · ${vibes.join(", ")}` : ""}`,
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
            {BROADCAST_VIBES.map((vibe) => (
              <ToggleChip
                key={vibe}
                pressed={vibes.includes(vibe)}
                onClick={() => setVibes((s) => toggleBroadcastVibe(s, vibe))}
              >
                {vibe}
              </ToggleChip>
            ))}
          </div>
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
