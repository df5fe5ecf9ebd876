import { Button } from "@client/components/ui/button";
import { MAP_TEXT } from "./texts";

/**
 * While the matches are around a panned-to point (or `around`, the point a page gave): says so, and
 * leads back to the person's own search.
 */
export function AreaNotice({ located, around, onBack }: { located: boolean; around?: string; onBack: () => void }) {
  return (
    <div
      className={
        "flex flex-wrap items-center justify-between gap-2 " +
        "rounded-xl border border-border bg-secondary/40 px-3 py-2"
      }
    >
      <p className="text-sm text-muted-foreground">{around ?? MAP_TEXT.areaActive}</p>
      <Button variant="outline" size="sm" onClick={onBack}>
        {located ? MAP_TEXT.backToMe : MAP_TEXT.backToStart}
      </Button>
    </div>
  );
}
