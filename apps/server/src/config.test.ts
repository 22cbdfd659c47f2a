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

  it('registers DOIs only with all DataCite settings (test API by default)', () => {
    expect(loadConfig({}).datacite).toBeNull();
    const settings = {
      DATACITE_REPOSITORY_ID: 'ABC.CORALS',
      DATACITE_PASSWORD: 'secret',
      DATACITE_PREFIX: '10.80000',
    };
    expect(loadConfig(settings).datacite).toEqual({
      apiUrl: 'https://api.test.datacite.org',
      repositoryId: 'ABC.CORALS',
      password: 'secret',
      prefix: '10.80000',
    });
    expect(() => loadConfig({ ...settings, DATACITE_PASSWORD: '' })).toThrow(
      'missing DATACITE_PASSWORD (or unset DATACITE_REPOSITORY_ID, DATACITE_PREFIX to register no DOIs)',
    );
    expect(() => loadConfig({ ...settings, DATACITE_PREFIX: '10.1/x' })).toThrow(
      'DATACITE_PREFIX: must be a DOI prefix such as 10.12345',
    );
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).env).toBe(
      'production',
    );
  });
});
