import { AlertCircle } from "lucide-react";
import { TEXT } from "@shared/vocabulary";
import { Card, CardContent } from "@client/components/ui/card";

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
        </CardContent>
      </Card>
    </div>
  );
}
