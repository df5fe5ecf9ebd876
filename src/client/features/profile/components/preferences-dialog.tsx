import { useId, useState } from "react";
import { BUDGET_OPTIONS, DIETARY_OPTIONS, FAVORITE_CATEGORY_OPTIONS, PREFERENCE_VIBES } from "@shared/vocabulary";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import type { User } from "@shared/contracts/auth";
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
import { ToggleChip } from "@client/components/ui/toggle-chip";
import { useUpdatePreferences } from "../api/update-preferences";
import {
  draftFromUser,
  preferencesBody,
  toggleBudget,
  toggleItem,
  type PreferencesDraft,
} from "../lib/preferences-draft";

const LISTS = {
  vibes: PREFERENCE_VIBES,
  dietary: DIETARY_OPTIONS,
  budget: BUDGET_OPTIONS,
  categories: FAVORITE_CATEGORY_OPTIONS,
};

interface ChipGroupProps {
  label: string;
  hint?: string;
  options: readonly string[];
  isPressed: (option: string) => boolean;
  onToggle: (option: string) => void;
}

function ChipGroup({ label, hint, options, isPressed, onToggle }: ChipGroupProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hint ? hintId : undefined}
      className="flex flex-col gap-2"
    >
      <h3 id={labelId} className="text-sm font-semibold">
        {label}
      </h3>
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <ToggleChip key={option} pressed={isPressed(option)} onClick={() => onToggle(option)}>
            {option}
          </ToggleChip>
        ))}
      </div>
    </div>
  );
}

/** The My Preferences dialog's content; selections stay local until saved (spec 4). */
export function PreferencesDialogContent({
  user,
  onSaved,
  onCloseAutoFocus,
}: {
  user: User;
  onSaved: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <DialogContent className="sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{PROFILE_TEXT.myPreferences}</DialogTitle>
        <DialogDescription>{PROFILE_TEXT.preferencesDescription}</DialogDescription>
      </DialogHeader>
      {/* Mounted only while open, so each opening starts from the saved values. */}
      <PreferencesForm user={user} onSaved={onSaved} />
    </DialogContent>
  );
}

function PreferencesForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const [draft, setDraft] = useState<PreferencesDraft>(() => draftFromUser(user));
  const save = useUpdatePreferences({ onSuccess: onSaved });
  const formId = useId();
  const noVibes = draft.preferredVibes.length === 0;

  return (
    <>
      <DialogBody>
        <form
          id={formId}
          className="flex flex-col gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (!save.isPending) save.mutate(preferencesBody(draft, LISTS));
          }}
        >
          <ChipGroup
            label={PROFILE_TEXT.sections.vibes}
            hint={noVibes ? PROFILE_TEXT.vibesHint : undefined}
            options={PREFERENCE_VIBES}
            isPressed={(v) => draft.preferredVibes.includes(v)}
            onToggle={(v) => setDraft((d) => ({ ...d, preferredVibes: toggleItem(d.preferredVibes, v) }))}
          />
          <ChipGroup
            label={PROFILE_TEXT.sections.dietary}
            options={DIETARY_OPTIONS}
            isPressed={(v) => draft.dietaryRestrictions.includes(v)}
            onToggle={(v) => setDraft((d) => ({ ...d, dietaryRestrictions: toggleItem(d.dietaryRestrictions, v) }))}
          />
          <ChipGroup
            label={PROFILE_TEXT.sections.budget}
            hint={PROFILE_TEXT.budgetHint}
            options={BUDGET_OPTIONS}
            isPressed={(v) => draft.budgetPreference === v}
            onToggle={(v) => setDraft((d) => ({ ...d, budgetPreference: toggleBudget(d.budgetPreference, v) }))}
          />
          <ChipGroup
            label={PROFILE_TEXT.sections.categories}
            options={FAVORITE_CATEGORY_OPTIONS}
            isPressed={(v) => draft.favoriteCategories.includes(v)}
            onToggle={(v) => setDraft((d) => ({ ...d, favoriteCategories: toggleItem(d.favoriteCategories, v) }))}
          />
        </form>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{PROFILE_TEXT.cancel}</Button>
        </DialogClose>
        <Button type="submit" form={formId} disabled={save.isPending}>
          {save.isPending ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
        </Button>
      </DialogFooter>
    </>
  );
}
