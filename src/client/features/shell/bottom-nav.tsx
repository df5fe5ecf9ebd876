import { Link, useLocation } from "wouter";
import { isNavActive } from "@client/lib/nav";
import { cn } from "@client/lib/utils";
import { navEntries } from "./nav-items";

/** Bottom bar for phones (below md); the shell pads the main area by its height. */
export function BottomNav() {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Main"
      className={
        "fixed inset-x-0 bottom-0 z-40 border-t border-border bg-sidebar/95 " +
        "pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      }
    >
      <ul className="grid h-16 grid-cols-6">
        {navEntries.map(({ label, path, icon: Icon }) => {
          const active = isNavActive(path, location);
          return (
            <li key={path} className="min-w-0">
              <Link
                href={path}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex h-full flex-col items-center justify-center gap-1 rounded-lg text-[11px] font-medium",
                  active ? "text-pink-300" : "text-muted-foreground hover:text-foreground",
                )}
              >
                <span
                  className={cn(
                    "inline-flex h-7 w-11 items-center justify-center rounded-full transition-colors",
                    active && "bg-linear-to-r from-purple-600/60 to-pink-600/50 text-white",
                  )}
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="max-w-full truncate">{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
