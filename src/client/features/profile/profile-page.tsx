import {
  ChevronRight,
  LogOut,
  MonitorSmartphone,
  Shield,
  ShieldCheck,
  SlidersHorizontal,
  Sparkles,
  Store,
  Users,
} from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { ACCOUNT_TEXT } from "@client/features/auth/texts";
import { AUTH_TEXT, PAGE_TITLES } from "@client/lib/texts";
import { PROFILE_TEXT } from "@client/features/profile/texts";
import { Button } from "@client/components/ui/button";
import { Dialog, DialogTrigger } from "@client/components/ui/dialog";
import { InitialsAvatar } from "@client/components/ui/initials-avatar";
import { VibeChip } from "@client/components/ui/vibe-chip";
import { useOwnsVenue } from "@client/features/business/api/my-venues";
import { useAuth } from "@client/lib/auth";
import { logOut } from "@client/lib/browser";
import { displayName, initial } from "@client/lib/user-display";
import { cn } from "@client/lib/utils";
import { GuestLogOutDialogContent } from "./components/guest-log-out-dialog";
import { GuestUpgradeCard } from "./components/guest-upgrade";
import { PreferencesDialogContent } from "./components/preferences-dialog";
import { PrivacySheetContent } from "./components/privacy-sheet";
import { SignOutEverywhereDialogContent } from "./components/sign-out-everywhere-dialog";
import { VerifyEmailNotice } from "./components/verify-email-notice";
import { profileCounters } from "./lib/profile-counters";

const rowClass =
  "flex w-full items-center gap-3 rounded-xl px-4 py-3.5 text-left text-base font-medium " +
  "transition-colors hover:bg-white/5 [&>svg:first-child]:size-5 [&>svg:first-child]:text-pink-300";

function ActionRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      {icon}
      <span className="flex-1">{children}</span>
      <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
    </>
  );
}

export function ProfilePage() {
  const { user } = useAuth();
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const ownsVenue = useOwnsVenue();
  // Preferences opens from two buttons; focus returns to whichever opened it.
  const preferencesOpener = useRef<HTMLElement | null>(null);

  if (!user) return null;
  const name = displayName(user);
  const email = user.email?.trim();
  const counters = profileCounters(user);
  const openPreferences = (event: { currentTarget: HTMLElement }) => {
    preferencesOpener.current = event.currentTarget;
    setPreferencesOpen(true);
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
      <h1 className="text-3xl font-bold tracking-tight">{PAGE_TITLES.profile}</h1>

      <section
        aria-label="Your profile"
        className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-xl shadow-black/20 sm:p-6"
      >
        <div className="flex min-w-0 items-center gap-4">
          <InitialsAvatar initials={initial(user)} imageUrl={user.profileImageUrl} className="size-20 text-3xl" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-2xl font-bold" title={name}>
              {name}
            </h2>
            {email && email !== name && <p className="truncate text-muted-foreground">{email}</p>}
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-2">
          {(
            [
              [PROFILE_TEXT.counters.vibes, counters.vibes],
              [PROFILE_TEXT.counters.categories, counters.categories],
              [PROFILE_TEXT.counters.total, counters.total],
            ] as const
          ).map(([label, value]) => (
            <div
              key={label}
              className="flex flex-col-reverse items-center rounded-xl bg-secondary/60 px-2 py-3 text-center"
            >
              <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {/* a typed address not yet proven by its link: guests and provider accounts without one have nothing to
          verify */}
      {email && !user.isGuest && !user.emailVerified && <VerifyEmailNotice email={email} />}
      {user.isGuest && <GuestUpgradeCard open={upgradeOpen} onOpenChange={setUpgradeOpen} />}

      {user.preferredVibes.length > 0 ? (
        <section aria-labelledby="profile-vibes" className="flex flex-col gap-3">
          <h2 id="profile-vibes" className="text-lg font-semibold">
            {PROFILE_TEXT.yourVibes}
          </h2>
          <p className="text-sm text-muted-foreground">{PROFILE_TEXT.yourVibesHint}</p>
          <ul className="flex flex-wrap gap-2">
            {user.preferredVibes.map((vibe) => (
              <li key={vibe}>
                <VibeChip className="px-3 py-1 text-sm">{vibe}</VibeChip>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section
          aria-labelledby="profile-set-vibe"
          className={
            "flex flex-col items-center gap-3 rounded-2xl border border-pink-400/30 " +
            "bg-linear-to-br from-purple-600/20 to-pink-600/10 px-5 py-8 text-center"
          }
        >
          <Sparkles className="size-8 text-pink-200" aria-hidden="true" />
          <h2 id="profile-set-vibe" className="text-xl font-bold">
            {PROFILE_TEXT.setYourVibe}
          </h2>
          <p className="max-w-sm text-sm text-muted-foreground">{PROFILE_TEXT.setYourVibeBody}</p>
          <Button onClick={openPreferences} aria-haspopup="dialog">
            {PROFILE_TEXT.setYourVibe}
          </Button>
        </section>
      )}

      <nav aria-label="Profile actions" className="rounded-2xl border border-border bg-card p-1.5">
        <ul className="flex flex-col">
          <li>
            <button
              type="button"
              className={rowClass}
              onClick={openPreferences}
              aria-haspopup="dialog"
              data-profile-preferences=""
            >
              <ActionRow icon={<SlidersHorizontal aria-hidden="true" />}>{PROFILE_TEXT.myPreferences}</ActionRow>
            </button>
          </li>
          <li>
            <Link href="/friends" className={rowClass}>
              <ActionRow icon={<Users aria-hidden="true" />}>{PROFILE_TEXT.manageFriends}</ActionRow>
            </Link>
          </li>
          {/* the phone's bottom bar has room for the spec's six only: owners and admins get here */}
          {ownsVenue && (
            <li>
              <Link href="/business" className={rowClass}>
                <ActionRow icon={<Store aria-hidden="true" />}>{PROFILE_TEXT.businessDashboard}</ActionRow>
              </Link>
            </li>
          )}
          {user.role === "admin" && (
            <li>
              <Link href="/admin" className={rowClass}>
                <ActionRow icon={<ShieldCheck aria-hidden="true" />}>{PROFILE_TEXT.adminPanel}</ActionRow>
              </Link>
            </li>
          )}
          <li>
            <Dialog open={privacyOpen} onOpenChange={setPrivacyOpen}>
              <DialogTrigger asChild>
                <button type="button" className={rowClass}>
                  <ActionRow icon={<Shield aria-hidden="true" />}>{PROFILE_TEXT.privacySettings}</ActionRow>
                </button>
              </DialogTrigger>
              <PrivacySheetContent user={user} onSaved={() => setPrivacyOpen(false)} />
            </Dialog>
          </li>
          {!user.isGuest && (
            <li>
              <Dialog>
                <DialogTrigger asChild>
                  <button type="button" className={rowClass}>
                    <ActionRow icon={<MonitorSmartphone aria-hidden="true" />}>
                      {ACCOUNT_TEXT.signOutEverywhere}
                    </ActionRow>
                  </button>
                </DialogTrigger>
                <SignOutEverywhereDialogContent />
              </Dialog>
            </li>
          )}
          <li>
            {user.isGuest ? (
              <Dialog>
                <DialogTrigger asChild>
                  <button type="button" className={cn(rowClass, "text-red-300 [&>svg:first-child]:text-red-300")}>
                    <LogOut className="size-5" aria-hidden="true" />
                    <span className="flex-1">{AUTH_TEXT.logOut}</span>
                  </button>
                </DialogTrigger>
                <GuestLogOutDialogContent onCreateAccount={() => setUpgradeOpen(true)} />
              </Dialog>
            ) : (
              <button
                type="button"
                className={cn(rowClass, "text-red-300 [&>svg:first-child]:text-red-300")}
                onClick={logOut}
              >
                <LogOut className="size-5" aria-hidden="true" />
                <span className="flex-1">{AUTH_TEXT.logOut}</span>
              </button>
            )}
          </li>
        </ul>
      </nav>

      <Dialog open={preferencesOpen} onOpenChange={setPreferencesOpen}>
        <PreferencesDialogContent
          user={user}
          onSaved={() => setPreferencesOpen(false)}
          onCloseAutoFocus={(event) => {
            const opener = preferencesOpener.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            } else {
              // The Set Your Vibe button is gone once vibes are saved: land on My Preferences instead.
              event.preventDefault();
              document.querySelector<HTMLElement>("[data-profile-preferences]")?.focus();
            }
          }}
        />
      </Dialog>
    </div>
  );
}
