import { Users } from "lucide-react";
import { PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";

export function FriendsPage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.friends}
      icon={Users}
      description="Find friends, answer requests and build group vibes here."
    />
  );
}
