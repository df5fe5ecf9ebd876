import { useState } from "react";
import { avatarSrc } from "@client/lib/person";
import { cn } from "@client/lib/utils";

interface InitialsAvatarProps {
  initials: string;
  /** A profile picture; when missing or broken the initials are shown. */
  imageUrl?: string | null;
  className?: string;
}

/** A round avatar; decorative (the name is always written next to it). */
export function InitialsAvatar({ initials, imageUrl, className }: InitialsAvatarProps) {
  const src = avatarSrc(imageUrl);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full " +
          "bg-linear-to-br from-purple-500 to-pink-500 text-sm font-bold text-white select-none",
        className,
      )}
    >
      {src && failed !== src ? (
        <img src={src} alt="" className="size-full object-cover" loading="lazy" onError={() => setFailed(src)} />
      ) : (
        initials
      )}
    </span>
  );
}
