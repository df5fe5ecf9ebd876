import { DataCredits } from "@client/components/data-credits";
import { LegalLinks } from "@client/components/legal-links";

export function LandingFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-8 text-center md:px-8">
        <LegalLinks />
        <DataCredits />
      </div>
    </footer>
  );
}
