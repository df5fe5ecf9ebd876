import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Card } from "@client/components/ui/card";
import { cn } from "@client/lib/utils";

interface AdminCardProps {
  title: string;
  description?: string;
  icon: LucideIcon;
  /** Controls beside the title (e.g. Refresh). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One tool of the admin panel: a card named by its heading. */
export function AdminCard({ title, description, icon: Icon, actions, children, className }: AdminCardProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn("min-w-0", className)}>
      <Card className="flex h-full flex-col gap-4 p-5">
        <header className="flex flex-wrap items-start gap-3">
          <span
            aria-hidden="true"
            className={
              "inline-flex size-10 shrink-0 items-center justify-center rounded-xl " +
              "bg-linear-to-br from-purple-500/25 to-pink-500/25 text-pink-200 [&_svg]:size-5"
            }
          >
            <Icon />
          </span>
          <div className="min-w-[min(100%,13rem)] flex-1">
            <h2 id={headingId} className="text-lg leading-tight font-semibold">
              {title}
            </h2>
            {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
          </div>
          {actions && <div className="ml-auto shrink-0">{actions}</div>}
        </header>
        {children}
      </Card>
    </section>
  );
}
