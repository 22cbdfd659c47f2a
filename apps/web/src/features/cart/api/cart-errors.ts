import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '@/lib/http';
import { queryKeys } from '@/lib/query-client';

/** The spec's console messages for failed cart operations (§8). */
export const CART_ERROR_MESSAGES = {
  fetch: 'Error fetching cart',
  export: 'Error exporting cart',
  /** Not in the spec: the export's citations file (decision 0054). */
  citations: 'Error downloading citations',
  delete: 'Error deleting group',
  rename: 'Error renaming group',
} as const;

export type CartOperation = keyof typeof CART_ERROR_MESSAGES;

/**
 * What the user reads when a cart operation fails. The spec only logs these (§8); this page also
 * shows them (decision 0009): the operation, then the server's own text or the HTTP status, or
 * that the server could not be reached.
 */
export function cartErrorText(operation: CartOperation, error: unknown): string {
  const title = CART_ERROR_MESSAGES[operation];
  if (isApiError(error, 401)) return `${title}: your session has ended. Please log in again.`;
  if (isApiError(error)) return `${title}: ${error.serverMessage ?? error.message}`;
  return `${title}: the server could not be reached. Check your connection and try again.`;
}

/** A 401 means the session is gone: check the status again, so the page shows the login prompt. */
export function recheckSessionOn401(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error, 401)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.authStatus, refetchType: 'all' });
  }
}

/** Logs a failed operation with the spec's message (§8) and rechecks the session on a 401. */
export function useReportCartError() {
  const queryClient = useQueryClient();
  return useCallback(
    (operation: CartOperation, error: unknown) => {
      console.error(CART_ERROR_MESSAGES[operation], error);
      recheckSessionOn401(queryClient, error);
    },
    [queryClient],
  );
}
