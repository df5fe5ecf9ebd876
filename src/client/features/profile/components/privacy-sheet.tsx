import { useId, useState } from "react";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import type { User } from "@shared/contracts/auth";
import { Button } from "@client/components/ui/button";
import { DialogClose, DialogDescription, DialogTitle } from "@client/components/ui/dialog";
import { SheetContent } from "@client/components/ui/sheet";
import { Switch } from "@client/components/ui/switch";
import { useUpdatePrivacy, type PrivacySettings } from "../api/update-privacy";

const KEYS = ["privacyShareVibes", "privacyShareLocation", "privacyActivityFeed", "privacyFindByEmail"] as const;

/** The Privacy Settings sheet's content; the switches stay local until saved (spec 4). */
export function PrivacySheetContent({ user, onSaved }: { user: User; onSaved: () => void }) {
  return (
    <SheetContent>
      <header className="px-5 pt-3 pr-14 pb-2 md:px-6 md:pt-6">
        <DialogTitle className="text-xl font-bold">{PROFILE_TEXT.privacySettings}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted-foreground">
          {PROFILE_TEXT.privacyDescription}
        </DialogDescription>
      </header>
      <PrivacyForm user={user} onSaved={onSaved} />
    </SheetContent>
  );
}

function PrivacyForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const [settings, setSettings] = useState<PrivacySettings>({
    privacyShareVibes: user.privacyShareVibes,
    privacyShareLocation: user.privacyShareLocation,
    privacyActivityFeed: user.privacyActivityFeed,
    privacyFindByEmail: user.privacyFindByEmail,
  });
  const save = useUpdatePrivacy({ onSuccess: onSaved });
  const formId = useId();

  return (
    <>
      <form
        id={formId}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 md:px-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (!save.isPending) save.mutate(settings);
        }}
      >
        <ul className="divide-y divide-border">
          {KEYS.map((key) => (
            <li key={key}>
              <PrivacyRow
                label={PROFILE_TEXT.privacy[key].label}
                description={PROFILE_TEXT.privacy[key].description}
                checked={settings[key]}
                onChange={(checked) => setSettings((s) => ({ ...s, [key]: checked }))}
              />
            </li>
          ))}
        </ul>
      </form>
      <footer
        className={"flex gap-2 border-t border-border px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] md:px-6"}
      >
        <DialogClose asChild>
          <Button variant="outline" className="flex-1">
            {PROFILE_TEXT.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" form={formId} className="flex-1" disabled={save.isPending}>
          {save.isPending ? PROFILE_TEXT.saving : PROFILE_TEXT.save}
        </Button>
      </footer>
    </>
  );
}

function PrivacyRow({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const switchId = useId();
  const descId = useId();
  return (
    <div className="flex items-start gap-4 py-4">
      <div className="min-w-0 flex-1">
        <label htmlFor={switchId} className="cursor-pointer font-medium">
          {label}
        </label>
        <p id={descId} className="mt-0.5 text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch id={switchId} checked={checked} onCheckedChange={onChange} aria-describedby={descId} className="mt-0.5" />
    </div>
  );
}
