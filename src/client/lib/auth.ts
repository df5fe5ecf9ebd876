import { useQuery } from "@tanstack/react-query";
import { AUTH_PATHS } from "@client/lib/api-paths";
import type { User } from "@shared/contracts/auth";

export const AUTH_ME_QUERY_KEY = [AUTH_PATHS.me] as const;

export interface AuthState {
  isLoading: boolean;
  user: User | null;
  isAuthenticated: boolean;
}

interface AuthQuery {
  data: User | null | undefined;
  error: unknown;
  isLoading: boolean;
  isFetching: boolean;
}

/**
 * Spec 4: signed in when the current-user call has no error and returns a truthy id; an error
 * means signed out. A refetch after an error (right after signing in) also counts as loading, so
 * the signed-out screens do not flash while the new session is read.
 */
export function deriveAuthState(query: AuthQuery): AuthState {
  const user = query.error ? null : (query.data ?? null);
  return {
    isLoading: query.isLoading || (query.isFetching && query.error != null),
    user,
    isAuthenticated: !query.error && Boolean(user?.id),
  };
}

export function useAuth(): AuthState {
  // retryOnMount: false keeps a signed-out (errored) result from refetching whenever another
  // component starts reading it; the call is refetched only by an explicit invalidation.
  const { data, error, isLoading, isFetching } = useQuery<User>({ queryKey: AUTH_ME_QUERY_KEY, retryOnMount: false });
  return deriveAuthState({ data, error, isLoading, isFetching });
}
