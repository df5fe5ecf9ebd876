import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@client/components/ui/toaster";
import { OfflineBanner } from "./offline-banner";
import { TooltipProvider } from "@client/components/ui/tooltip";
import { useAuth } from "@client/lib/auth";
import { useServiceWorkerUser } from "@client/lib/offline";
import { queryClient } from "@client/lib/query-client";
import { RealtimeProvider } from "@client/lib/realtime-provider";

/** The service worker keeps answers for the person signed in only (public/sw.js). */
function ServiceWorkerUser() {
  const { user, isLoading } = useAuth();
  useServiceWorkerUser(user?.id ?? null, !isLoading);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ServiceWorkerUser />
      <RealtimeProvider>
        <TooltipProvider>
          <OfflineBanner />
          {children}
          <Toaster />
        </TooltipProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
