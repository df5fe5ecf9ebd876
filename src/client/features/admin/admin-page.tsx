import { useState } from "react";
import { ADMIN_TEXT } from "@client/features/admin/texts";
import { PAGE_TITLES } from "@client/lib/texts";
import { useAuth } from "@client/lib/auth";
import { AdminsOnly } from "./components/admins-only";
import { AnalysisResultsCard } from "./components/analysis-results-card";
import { AnalysisTestCard, type LastAnalysis } from "./components/analysis-test-card";
import { ServiceStatusCard } from "./components/service-status-card";
import { SyncVenuesCard } from "./components/sync-venues-card";
import { VenueOwnersCard } from "./components/venue-owners-card";

/**
 * The admin panel (spec 2). The route is registered for everyone (spec 6) and the server enforces
 * the role; an account without it sees why, instead of cards that all fail with 403.
 */
export function AdminPage() {
  const { user } = useAuth();
  const [lastAnalysis, setLastAnalysis] = useState<LastAnalysis | null>(null);
  const isAdmin = user?.role === "admin";

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:px-8 md:py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{PAGE_TITLES.admin}</h1>
        {isAdmin && <p className="mt-1 text-muted-foreground">{ADMIN_TEXT.description}</p>}
      </header>
      {!isAdmin ? (
        <AdminsOnly email={user?.email ?? null} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <ServiceStatusCard className="lg:col-span-2" />
          <SyncVenuesCard className="lg:col-span-2" />
          <AnalysisTestCard kind="text" onResult={setLastAnalysis} />
          <AnalysisTestCard kind="image" onResult={setLastAnalysis} />
          <AnalysisResultsCard last={lastAnalysis} />
          <VenueOwnersCard />
        </div>
      )}
    </div>
  );
}
