import { Sparkles } from "lucide-react";
import { cn } from "@client/lib/utils";

const sizes = {
  sm: { text: "text-xl", mark: "size-8 rounded-lg [&_svg]:size-4" },
  md: { text: "text-2xl", mark: "size-9 rounded-xl [&_svg]:size-5" },
  lg: { text: "text-5xl md:text-6xl", mark: "size-14 rounded-2xl [&_svg]:size-7" },
} as const;

/** The purple-to-pink "VIBE" wordmark with its mark. */
export function VibeLogo({ size = "md", className }: { size?: keyof typeof sizes; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <span
        aria-hidden="true"
        className={cn(
          "inline-flex items-center justify-center bg-linear-to-br " +
            "from-purple-500 to-pink-500 text-white shadow-lg shadow-pink-900/40",
          sizes[size].mark,
        )}
      >
        <Sparkles />
      </span>
      <span
        className={cn(
          "bg-linear-to-r from-purple-300 via-fuchsia-300 to-pink-300 " +
            "bg-clip-text font-black tracking-tight text-transparent",
          sizes[size].text,
        )}
      >
        VIBE
      </span>
    </span>
  );
}
