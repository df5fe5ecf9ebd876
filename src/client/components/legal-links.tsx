import { AUTH_TEXT } from "@client/lib/texts";
import { cn } from "@client/lib/utils";

const linkClass = "rounded-sm font-medium text-pink-300 underline underline-offset-4 hover:text-pink-200";

/** Terms and Privacy are placeholders until the documents exist (spec 2). */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      By continuing, you agree to our{" "}
      {/* biome-ignore lint/a11y/useValidAnchor: no terms or privacy page exists yet (spec: links shown, not wired) */}
      <a href="#" className={linkClass}>
        {AUTH_TEXT.termsOfService}
      </a>{" "}
      and{" "}
      {/* biome-ignore lint/a11y/useValidAnchor: no terms or privacy page exists yet (spec: links shown, not wired) */}
      <a href="#" className={linkClass}>
        {AUTH_TEXT.privacyPolicy}
      </a>
    </p>
  );
}
