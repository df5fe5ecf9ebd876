import type { ReactNode } from "react";
import { BottomNav } from "@client/features/shell/bottom-nav";
import { Sidebar } from "@client/features/shell/sidebar";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar />
      <main
        id="main-content"
        tabIndex={-1}
        className="min-h-dvh pb-[calc(5rem+env(safe-area-inset-bottom))] outline-none md:pb-0 md:pl-64"
      >
        {children}
      </main>
      <BottomNav />
    </div>
  );
}
