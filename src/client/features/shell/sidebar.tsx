import { LogOut } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "wouter";
import { AUTH_TEXT } from "@client/lib/texts";
import { Button } from "@client/components/ui/button";
import { VibeLogo } from "@client/components/vibe-logo";
import { useAuth } from "@client/lib/auth";
import { logOut } from "@client/lib/browser";
import { isNavActive } from "@client/lib/nav";
import { displayName, initial } from "@client/lib/user-display";
import { cn } from "@client/lib/utils";
import { useOwnsVenue } from "@client/features/business/api/my-venues";
import { ADMIN_ENTRY, BUSINESS_ENTRY, navEntries } from "./nav-items";

// Only a guest who presses Log Out needs the dialog (and Radix Dialog): out of the main chunk.
const GuestLogOutDialog = lazy(() =>
  import("@client/features/profile/components/guest-log-out-dialog").then((m) => ({ default: m.GuestLogOutDialog })),
);

/** Left navigation for wide screens (md and up). */
export function Sidebar() {
  const [location, navigate] = useLocation();
  const { user } = useAuth();
  const [askGuest, setAskGuest] = useState(false);
  const ownsVenue = useOwnsVenue();
  const entries = [
    ...navEntries,
    ...(ownsVenue ? [BUSINESS_ENTRY] : []),
    ...(user?.role === "admin" ? [ADMIN_ENTRY] : []),
  ];
  const name = displayName(user);

  return (
    <aside
      aria-label="Sidebar"
      className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r border-border bg-sidebar md:flex"
    >
      <div className="px-6 pt-7 pb-8">
        <VibeLogo />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3">
        <ul className="flex flex-col gap-1">
          {entries.map(({ label, path, icon: Icon }) => {
            const active = isNavActive(path, location);
            return (
              <li key={path}>
                <Link
                  href={path}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors",
                    active
                      ? "bg-linear-to-r from-purple-600/30 to-pink-600/20 text-white ring-1 ring-inset ring-pink-400/30"
                      : "text-muted-foreground hover:bg-white/5 hover:text-foreground",
                  )}
                >
                  <Icon className={cn("size-5", active && "text-pink-300")} aria-hidden="true" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <footer className="flex flex-col gap-3 border-t border-border p-4">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden="true"
            className={
              "inline-flex size-9 shrink-0 items-center justify-center rounded-full " +
              "bg-linear-to-br from-purple-500 to-pink-500 text-sm font-bold text-white"
            }
          >
            {initial(user)}
          </span>
          <p className="min-w-0 truncate text-sm font-medium" title={name}>
            <span className="sr-only">Signed in as </span>
            {name}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="justify-start text-muted-foreground"
          // a guest's data is gone once they log out: ask first, and offer the account on Profile
          onClick={user?.isGuest ? () => setAskGuest(true) : logOut}
        >
          <LogOut aria-hidden="true" />
          {AUTH_TEXT.logOut}
        </Button>
        {askGuest && (
          <Suspense fallback={null}>
            <GuestLogOutDialog
              open
              onOpenChange={setAskGuest}
              onCreateAccount={() => {
                setAskGuest(false);
                navigate("/profile");
              }}
            />
          </Suspense>
        )}
      </footer>
    </aside>
  );
}
