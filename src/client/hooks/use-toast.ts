import { useSyncExternalStore } from "react";
import { dismissToast, getToastState, subscribe, toast } from "@client/lib/toast-store";

export { toast };

export function useToast() {
  const state = useSyncExternalStore(subscribe, getToastState, getToastState);
  return { ...state, toast, dismiss: dismissToast };
}
