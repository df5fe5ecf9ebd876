import type { ReactNode } from "react";
import { DataCredits } from "@client/components/data-credits";
import { BottomNav } from "@client/features/shell/bottom-nav";
import { Sidebar } from "@client/features/shell/sidebar";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh" data-app-shell="">
      <a
        href="#main-content"
        className={
          "sr-only z-50 rounded-lg bg-background px-4 py-2 " + "focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        }
      >
        Skip to content
      </a>
      <Sidebar />
      <main id="main-content" tabIndex={-1} className="min-h-dvh outline-none md:pl-64">
        {children}
      </main>
      {/* Below a main at least a screen tall, so it starts out of sight and moving it as a page
          loads is no layout shift (tests/e2e/budgets.test.ts). Room for the phone's bottom bar. */}
      <footer className="pb-[calc(5rem+env(safe-area-inset-bottom))] md:pb-0 md:pl-64">
        <div className="mx-auto w-full max-w-6xl px-4 pt-2 pb-6 md:px-8">
          <DataCredits className="border-t border-border pt-4" />
        </div>
      </footer>
      <BottomNav />
    </div>
  );
}
