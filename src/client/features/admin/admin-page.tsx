import { Shield } from "lucide-react";
import { PAGE_TITLES } from "@shared/constants";
import { ComingSoon } from "@client/components/coming-soon";

export function AdminPage() {
  return (
    <ComingSoon
      title={PAGE_TITLES.admin}
      icon={Shield}
      description="Operators will check service status, sync venues and test vibe analysis here."
    />
  );
}
