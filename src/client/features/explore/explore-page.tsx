import { Compass } from "lucide-react";
import { PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";

export function ExplorePage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.explore}
      icon={Compass}
      description="Describe what you are in the mood for and filter venues by vibe, distance and category here."
    />
  );
}
