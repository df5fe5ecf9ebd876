import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./ui/card";

interface ComingSoonProps {
  title: ReactNode;
  description: string;
  icon: LucideIcon;
  children?: ReactNode;
}

/** An honest placeholder for a page whose feature is not built yet. */
export function ComingSoon({ title, description, icon: Icon, children }: ComingSoonProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 md:px-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
        <span
          aria-hidden="true"
          className={
            "inline-flex size-14 items-center justify-center rounded-2xl bg-linear-to-br " +
            "from-purple-500/25 to-pink-500/25 text-pink-200 [&_svg]:size-7"
          }
        >
          <Icon />
        </span>
        <p
          className={
            "rounded-full border border-border px-3 py-1 text-xs " +
            "font-semibold tracking-wide text-muted-foreground uppercase"
          }
        >
          Coming soon
        </p>
        <p className="max-w-md text-base text-muted-foreground">{description}</p>
        {children}
      </Card>
    </div>
  );
}
