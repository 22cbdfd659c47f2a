import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ port: 8000, host: '127.0.0.1', trustProxy: false });
    expect(config.role).toBe('all');
    expect(config.database.url).toBeUndefined();
    expect(config.ed50).toEqual({ port: 3838, calculatorUrl: null });
    expect(config.uploads.maxBytes).toBe(50 * 1024 * 1024);
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('lists every invalid variable at once', () => {
    const message = (() => {
      try {
        loadConfig({ PORT: 'eighty', ROLE: 'boss', DATABASE_URL: 'mysql://x' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain('PORT: ');
    expect(message).toContain('ROLE: ');
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('builds citation links on PUBLIC_URL, by default this server on localhost', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8000');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://corals.example.org/' }).publicUrl).toBe(
      'https://corals.example.org',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'corals.example.org' })).toThrow(
      'PUBLIC_URL: must be an http:// or https:// URL',
    );
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).env).toBe(
      'production',
    );
  });
});
