import { useEffect, useRef } from "react";
import type { MutateOptions, UseMutationResult } from "@tanstack/react-query";

/**
 * A form's submit that sends at most one request at a time (issue 26: a double click on Post made
 * two posts). `isPending` disables the button, but only after React has heard of the mutation, a
 * task later: a second click in between would send again. This latch is set synchronously, on the
 * first call, and released when that call settles. (A write sent twice anyway carries the same
 * Idempotency-Key, lib/api-call.ts, and the server does it once.)
 */
export function useSingleFlight<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void {
  const busy = useRef(false);
  useEffect(() => {
    if (!mutation.isPending) busy.current = false;
  }, [mutation.isPending]);
  return (variables, options) => {
    if (busy.current) return;
    busy.current = true;
    mutation.mutate(variables, {
      ...options,
      onSettled: (...args) => {
        busy.current = false;
        options?.onSettled?.(...args);
      },
    });
  };
}
