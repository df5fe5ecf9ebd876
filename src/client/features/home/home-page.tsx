import { MapPin } from "lucide-react";
import { ComingSoon } from "@client/components/coming-soon";
import { VibeLogo } from "@client/components/vibe-logo";

export function HomePage() {
  return (
    <ComingSoon
      title={<VibeLogo size="md" />}
      icon={MapPin}
      description="Pick a vibe and the nearby venues that match it will appear here."
    />
  );
}
