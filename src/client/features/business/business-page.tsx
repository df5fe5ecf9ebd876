import { Store } from "lucide-react";
import { PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";

export function BusinessPage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.business}
      icon={Store}
      description="Venue owners will broadcast live updates on capacity, noise and vibe from here."
    />
  );
}
