import { cn } from "@client/lib/utils";
import { DATASF_CREDIT, OSM_CREDIT } from "@client/features/venues/lib/credits";

const linkClass = "rounded-sm text-pink-300 underline underline-offset-2 hover:text-pink-200";

/**
 * The app's data credits (issue 15), at the foot of every page: OpenStreetMap's licence asks for
 * "© OpenStreetMap contributors" with a link to its copyright page wherever its data is shown.
 */
export function DataCredits({ className }: { className?: string }) {
  return (
    <p className={cn("text-xs leading-relaxed text-muted-foreground", className)}>
      Venue data{" "}
      <a href={OSM_CREDIT.href!} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {OSM_CREDIT.text}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>{" "}
      (ODbL); some venues from the{" "}
      <a href={DATASF_CREDIT.href!} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {DATASF_CREDIT.text}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      , whose facts date from 2016. Pictures without a photo are illustrations.
    </p>
  );
}
