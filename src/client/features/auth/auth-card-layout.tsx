import type { ReactNode } from "react";
import { LegalLinks } from "@client/components/legal-links";
import { Card } from "@client/components/ui/card";
import { VibeLogo } from "@client/components/vibe-logo";

/** The login screen's frame: the logo, then one card in the middle (login, verify, reset pages). */
export function AuthCardLayout({ children }: { children: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-x-clip">
      <div
        aria-hidden="true"
        className={
          "pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 " +
          "bg-linear-to-b from-purple-900/40 via-pink-900/10 to-transparent"
        }
      />
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-5 md:px-8">
        <VibeLogo />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center">
        <Card className="w-full max-w-md p-6 sm:p-8">
          {children}
          <LegalLinks className="mt-6 border-t border-border pt-6 text-center" />
        </Card>
      </main>
    </div>
  );
}
