import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createLoggedApp, LOG_LEVELS, type LoggedApp } from '../../test/log-capture';

let logged: LoggedApp | undefined;
afterEach(async () => {
  await logged?.close();
  logged = undefined;
});

async function appWithLog(...args: Parameters<typeof createLoggedApp>) {
  logged = await createLoggedApp(...args);
  return logged;
}

describe('request logging (decision 0031)', () => {
  it('logs each request at debug only; at info a normal request writes nothing', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'info' });
    expect((await app.inject({ url: '/api/public/statistics/' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await logged!.close();

    const debug = await appWithLog({ LOG_LEVEL: 'debug' });
    await debug.app.inject({ url: '/api/public/statistics/' });
    const requestLines = debug.lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: LOG_LEVELS.debug,
      statusCode: 200,
      url: '/api/public/statistics/',
    });
    expect(typeof requestLines[0]!.durationMs).toBe('number');
  });

  it('writes nothing at info for client errors (400, 404: the client’s business)', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'info' });
    const answers = await Promise.all([
      app.inject({ url: '/api/public/projects/999999999/' }),
      app.inject({ url: '/api/public/projects/not-a-number/' }),
      app.inject({ url: '/api/public/colonies/?min_ed50=hot' }),
      app.inject({ url: '/api/no-such-route/' }),
      app.inject({ method: 'POST', url: '/api/auth/login/', payload: '{' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect(lines).toEqual([]);
  });

  it('logs a server error at error, once, with its cause', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'info' }, (app) => {
      app.get('/broken', () => {
        throw new Error('the disk is on fire');
      });
      app.get('/refused', () => {
        throw new AppError(409, 'CONFLICT', 'Already there.');
      });
    });
    expect((await app.inject({ url: '/refused' })).statusCode).toBe(409);
    expect(lines).toEqual([]);
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    const errors = lines.filter((line) => line.level >= LOG_LEVELS.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err?.message).toBe('the disk is on fire');
  });

  it('logs a request slower than SLOW_REQUEST_MS at warn, with its duration', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'info', SLOW_REQUEST_MS: '0' });
    await app.inject({ url: '/api/public/statistics/' });
    const slow = lines.filter((line) => line.msg === 'slow request');
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({ level: LOG_LEVELS.warn, statusCode: 200 });
    expect(slow[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('LOG_LEVEL=warn still writes a slow request, and nothing else of it', async () => {
    const { app, lines } = await appWithLog({ LOG_LEVEL: 'warn', SLOW_REQUEST_MS: '0' });
    await app.inject({ url: '/api/public/statistics/' });
    expect(lines.map((line) => line.msg)).toEqual(['slow request']);
  });
});
