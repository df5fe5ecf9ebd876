import { Newspaper } from "lucide-react";
import { PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";

export function FeedPage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.feed}
      icon={Newspaper}
      description="Posts from you and your friends, with likes and comments, will appear here."
    />
  );
}
