import {
  Armchair,
  Flame,
  Guitar,
  Heart,
  Leaf,
  Martini,
  Moon,
  Mountain,
  Music,
  Palette,
  PartyPopper,
  Sofa,
  Sparkles,
  Target,
  Users,
  Volume2,
  Waves,
  Zap,
  type LucideIcon,
} from "lucide-react";
import { cn } from "@client/lib/utils";

const ICONS: Record<string, LucideIcon> = {
  Chill: Waves,
  Energetic: Zap,
  Romantic: Heart,
  Adventurous: Mountain,
  Cozy: Flame,
  Loud: Volume2,
  Quiet: Moon,
  Whiskey: Martini,
  "Country Music": Guitar,
  "Live Music": Music,
  Social: Users,
  Upbeat: PartyPopper,
  Relaxed: Sofa,
  Creative: Palette,
  Focused: Target,
  Calm: Leaf,
  Comfortable: Armchair,
};

/** A small decorative icon per vibe (spec 3: card icons also know Live Music). */
export function VibeIcon({ vibe, className }: { vibe: string; className?: string }) {
  const Icon = ICONS[vibe] ?? Sparkles;
  return <Icon aria-hidden="true" className={cn("size-3.5 shrink-0", className)} />;
}
