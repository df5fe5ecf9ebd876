import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@client/components/ui/toaster";
import { TooltipProvider } from "@client/components/ui/tooltip";
import { queryClient } from "@client/lib/query-client";
import { RealtimeProvider } from "@client/lib/realtime-provider";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
