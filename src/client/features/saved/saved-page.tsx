import { Heart } from "lucide-react";
import { PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";

export function SavedPage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.saved}
      icon={Heart}
      description="Venues you save with the heart icon will be listed here."
    />
  );
}
