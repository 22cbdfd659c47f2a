import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { TestAgent } from '../../../test/auth-client';

/**
 * Which address the login limits count: the peer's own, unless the peer is a trusted proxy
 * (TRUST_PROXY). Observed through the per-address limit: 3 failures from one address, then 429.
 */
const LIMITS = { LOGIN_MAX_FAILURES_PER_IP: '3' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(LIMITS);
});
afterAll(() => ctx.close());

let nextName = 1;
/** A failed login for a fresh username, so only the per-address limit can refuse it. */
async function failedLogin(app: FastifyInstance, peer: string, forwardedFor?: string) {
  const agent = new TestAgent(app, peer);
  await agent.fetchCsrf();
  const response = await agent.request({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { username: `nobody-${nextName++}`, password: 'wrong' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.statusCode;
}

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For by default: forged addresses do not escape the limit', async () => {
    const codes = [];
    for (let i = 1; i <= 5; i++) {
      codes.push(await failedLogin(ctx.app, '203.0.113.1', `198.51.100.${i}`));
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const app = await ctx.anotherApp({ ...LIMITS, TRUST_PROXY: '10.0.0.1,192.168.0.0/16' });
    const codes = [];
    for (let i = 1; i <= 5; i++) {
      codes.push(await failedLogin(app, '203.0.113.2', `198.51.100.${i}`));
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('believes a listed proxy: each forwarded client has its own budget', async () => {
    const app = await ctx.anotherApp({ ...LIMITS, TRUST_PROXY: '10.0.0.1,192.168.0.0/16' });
    const codes = [];
    for (let i = 1; i <= 5; i++) {
      codes.push(await failedLogin(app, '192.168.4.4', `198.51.101.${i}`));
    }
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    // the client's own entry counts, not one it put in front of it
    for (let i = 0; i < 2; i++) await failedLogin(app, '10.0.0.1', '198.51.101.1');
    expect(await failedLogin(app, '10.0.0.1', `6.6.6.6, 198.51.101.1`)).toBe(429);
  });

  it('with TRUST_PROXY=1 uses the last hop and ignores what the client put before it', async () => {
    const app = await ctx.anotherApp({ ...LIMITS, TRUST_PROXY: '1' });
    const codes = [];
    for (let i = 1; i <= 4; i++) {
      codes.push(await failedLogin(app, '10.0.0.9', `198.51.102.${i}, 198.51.102.200`));
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    // another client behind the same proxy is counted apart
    expect(await failedLogin(app, '10.0.0.9', '198.51.102.201')).toBe(401);
  });

  it('with TRUST_PROXY=1 a request without the header is counted on its peer', async () => {
    const app = await ctx.anotherApp({ ...LIMITS, TRUST_PROXY: '1' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await failedLogin(app, '10.0.0.10'));
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
