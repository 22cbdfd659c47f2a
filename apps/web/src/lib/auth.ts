import type { TAuthStatus, UserRole } from '@coral/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { forgetCsrfToken } from './csrf';
import { clearPrivateQueries, queryKeys } from './query-client';

/**
 * Who is signed in (product-spec §4 Auth): checked on load; a failed check counts as anonymous.
 * Shared by the navbar and every feature that depends on the user (login, cart, upload).
 */
export const ANONYMOUS: TAuthStatus = { username: '', authenticated: false };

export async function getAuthStatus(signal?: AbortSignal): Promise<TAuthStatus> {
  try {
    return await api.get('/api/auth/status/', { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Error checking authentication status', error);
    return ANONYMOUS;
  }
}

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.authStatus,
    queryFn: ({ signal }) => getAuthStatus(signal),
    staleTime: 5 * 60_000,
  });

export interface Auth {
  isLoading: boolean;
  isAuthenticated: boolean;
  username: string;
  /** What the account may do beyond contributing (curators review datasets). */
  role: UserRole;
  /** The linked ORCID iD, or null (decision 0029). */
  orcid: string | null;
}

export function useAuth(): Auth {
  const { data, isPending } = useQuery(authStatusQueryOptions());
  const status = data ?? ANONYMOUS;
  return {
    isLoading: isPending,
    isAuthenticated: status.authenticated && status.username !== '',
    username: status.username,
    role: status.role ?? 'contributor',
    orcid: status.orcid ?? null,
  };
}

/** Login succeeded: the CSRF token has rotated; check the status again. */
export async function refreshAfterLogin(queryClient: QueryClient): Promise<void> {
  forgetCsrfToken();
  await queryClient.invalidateQueries({ queryKey: queryKeys.authStatus, refetchType: 'all' });
}

/** Curators and admins review datasets (docs/decisions/0012-datasets.md). */
export const canReview = (role: UserRole) => role === 'curator' || role === 'admin';

/** Logout (successful or not): the local state becomes anonymous and private data is dropped. */
export function clearLocalSession(queryClient: QueryClient): void {
  forgetCsrfToken();
  clearPrivateQueries(queryClient);
  queryClient.setQueryData(queryKeys.authStatus, ANONYMOUS);
}

/**
 * Where the login page returns to (product-spec §2 Login): links to /login carry the page the
 * visitor was on as `state.from`; anything missing or not an in-app path means /.
 */
export interface LoginRedirectState {
  from: string;
}

export function loginRedirectState(location: {
  pathname: string;
  search?: string;
  hash?: string;
}): LoginRedirectState {
  return { from: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` };
}

export function loginRedirectTarget(state: unknown): string {
  const from = (state as Partial<LoginRedirectState> | null)?.from;
  const isInApp =
    typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !/^\/login(?:[/?#]|$)/.test(from);
  return isInApp ? from : '/';
}
