import { AlertCircle, House } from "lucide-react";
import { Link } from "wouter";
import { TEXT } from "@shared/vocabulary";
import { buttonVariants } from "@client/components/ui/button";
import { Card, CardContent } from "@client/components/ui/card";
import { NOT_FOUND_TEXT } from "@client/lib/texts";
import { cn } from "@client/lib/utils";

/** Spec 2's not-found card (its heading and text as written), with a way home, signed in or not (issue 26). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center px-4 md:min-h-[calc(100dvh-2rem)]">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-red-400" aria-hidden="true" />
            <h1 className="text-2xl font-bold">{TEXT.notFoundTitle}</h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">{TEXT.notFoundBody}</p>
          <Link href="/" className={cn(buttonVariants(), "mt-6 h-11 w-full px-4")}>
            <House aria-hidden="true" />
            {NOT_FOUND_TEXT.home}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
