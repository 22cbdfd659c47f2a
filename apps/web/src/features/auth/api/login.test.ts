import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { INVALID_CREDENTIALS, LOGIN_FAILED, LoginRejectedError, loginErrorMessage } from './login';

describe('loginErrorMessage (product-spec §8)', () => {
  it.each([
    [
      'server text on 401',
      new ApiError(401, 'Invalid username or password', 'INVALID_CREDENTIALS', {}),
      'Invalid username or password',
    ],
    [
      'server text on 403',
      new ApiError(403, 'Account disabled', 'ACCOUNT_DISABLED', {}),
      'Account disabled',
    ],
    ['401 without text', new ApiError(401, undefined, undefined, undefined), INVALID_CREDENTIALS],
    ['500 without text', new ApiError(500, undefined, undefined, undefined), LOGIN_FAILED],
    ['success false with error', new LoginRejectedError('Too many attempts'), 'Too many attempts'],
    ['success false without error', new LoginRejectedError(undefined), LOGIN_FAILED],
    ['network failure', new TypeError('Failed to fetch'), LOGIN_FAILED],
    ['anything else', 'boom', LOGIN_FAILED],
  ])('%s', (_, error, text) => {
    expect(loginErrorMessage(error)).toBe(text);
  });
});
