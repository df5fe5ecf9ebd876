import { LogOut, UserRound } from "lucide-react";
import { AUTH_TEXT, PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";
import { Button } from "@client/components/ui/button";
import { logOut } from "@client/lib/browser";

export function ProfilePage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.profile}
      icon={UserRound}
      description="Your preferred vibes, preferences and privacy settings will be managed here."
    >
      <Button variant="outline" onClick={logOut}>
        <LogOut aria-hidden="true" />
        {AUTH_TEXT.logOut}
      </Button>
    </ComingSoon>
  );
}
