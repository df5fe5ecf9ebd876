import { LOADING_TEXT } from "@client/lib/texts";

export function LoadingScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <p role="status" className="text-muted-foreground">
        {LOADING_TEXT}
      </p>
    </main>
  );
}
