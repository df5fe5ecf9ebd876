import { useCallback, useRef } from "react";

/**
 * For lists whose rows disappear after an action (an accepted request, a deleted group): when the
 * focused control goes away, focus lands on the returned ref's element instead of the page body.
 */
export function useFocusRescue<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const rescue = useCallback(() => {
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) ref.current?.focus();
    });
  }, []);
  return [ref, rescue] as const;
}
