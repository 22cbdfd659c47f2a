import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/http';
import { queryKeys } from '@/lib/query-client';

export const UNLINK_FAILED = 'Unlinking your ORCID iD did not work. Please try again.';

/** The server's reason (e.g. an account without a password keeps its iD), else a generic one. */
export const unlinkErrorMessage = (error: unknown) =>
  (isApiError(error) && error.serverMessage) || UNLINK_FAILED;

/** Removes the account's ORCID iD (decision 0029); the status is checked again afterwards. */
export function useUnlinkOrcid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/auth/orcid/unlink/', undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.authStatus }),
  });
}
