import type { FastifyInstance, InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, SESSION_COOKIE_NAME } from '@coral/core';
import type { AppDb } from '../src/db/schema';
import { usersService } from '../src/modules/users/users.service';

export const TEST_PASSWORD = 'correct horse battery staple';

/** An account as the CLI would create it. */
export function createUser(db: AppDb, username: string, password = TEST_PASSWORD) {
  return usersService.create(db, username, password);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AgentRequest {
  method?: Method;
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Send the X-CSRFToken header with the token from the cookie jar (default: unsafe methods). */
  csrf?: boolean;
}

/**
 * A browser-like client for `app.inject()`: keeps the cookies the server sets (and drops the ones
 * it clears) and, like the spec's client, copies the csrftoken cookie into the X-CSRFToken header.
 */
export class TestAgent {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  get sessionId() {
    return this.cookies.get(SESSION_COOKIE_NAME);
  }

  get csrfToken() {
    return this.cookies.get(CSRF_COOKIE_NAME);
  }

  async request({ method = 'GET', url, payload, headers = {}, csrf }: AgentRequest) {
    const sendCsrf = csrf ?? method !== 'GET';
    const token = this.csrfToken;
    const response = await this.app.inject({
      method,
      url,
      payload,
      remoteAddress: this.remoteAddress,
      cookies: Object.fromEntries(this.cookies),
      headers: {
        ...(sendCsrf && token ? { [CSRF_HEADER_NAME]: token } : {}),
        ...headers,
      },
    });
    this.remember(response);
    return response;
  }

  remember(response: Response) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** GET /api/auth/csrf/ (sets the csrftoken cookie); returns the token. */
  async fetchCsrf(): Promise<string> {
    const response = await this.request({ url: '/api/auth/csrf/' });
    return response.json<{ csrfToken: string }>().csrfToken;
  }

  /** The spec's login sequence: csrf, then login. */
  async login(username: string, password = TEST_PASSWORD) {
    await this.fetchCsrf();
    return this.request({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username, password },
    });
  }

  async logout() {
    await this.fetchCsrf();
    return this.request({ method: 'POST', url: '/api/auth/logout/' });
  }

  /** Logs in and fails the test if that does not work. */
  async loginOrThrow(username: string, password = TEST_PASSWORD) {
    const response = await this.login(username, password);
    if (response.statusCode !== 200) {
      throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
    }
    return this;
  }
}
