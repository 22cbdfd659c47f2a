import type { TAuthResult, TLoginRequest } from '@coral/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfterLogin } from '@/lib/auth';
import { isApiError } from '@/lib/http';

/** The server answered 200 with `success: false`: its `error` field explains why. */
export class LoginRejectedError extends Error {
  override readonly name = 'LoginRejectedError';
  constructor(readonly serverMessage: string | undefined) {
    super(serverMessage ?? 'Login rejected');
  }
}

export async function login(credentials: TLoginRequest): Promise<TAuthResult> {
  const result = await api.post('/api/auth/login/', credentials);
  if (!result.success) throw new LoginRejectedError(result.error);
  return result;
}

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * The login screen's error text (product-spec §8): the server's error text if present; otherwise
 * 'Invalid username or password' on HTTP 401; otherwise, and for anything unexpected,
 * 'Login failed. Please try again.'
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof LoginRejectedError) return error.serverMessage || LOGIN_FAILED;
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    return error.status === 401 ? INVALID_CREDENTIALS : LOGIN_FAILED;
  }
  return LOGIN_FAILED;
}

/** Logs in; on success the auth status is checked again (product-spec §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => refreshAfterLogin(queryClient),
  });
}
