import type { TAuthResult } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearLocalSession } from '@/lib/auth';

export const LOGOUT_FAILED = 'Logout failed, but you have been logged out locally.';

export async function logout(): Promise<TAuthResult> {
  const result = await api.post('/api/auth/logout/', undefined);
  if (!result.success) throw new Error(result.error ?? 'Logout failed');
  return result;
}

/**
 * Logs out; whatever the server answers, the local state ends up anonymous (product-spec §4, §8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error('Logout failed', error),
    onSettled: () => clearLocalSession(queryClient),
  });
}
