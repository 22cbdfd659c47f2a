import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '.';
import { readRootPackage, repositoryWebUrl } from './repository';

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

  it('lets the map ask the server for markers from 20,000 public colonies, or as configured', () => {
    expect(loadConfig({}).map).toEqual({ serverClusteringFrom: 20_000 });
    expect(loadConfig({ MAP_SERVER_CLUSTERING_FROM: '' }).map.serverClusteringFrom).toBe(20_000);
    expect(loadConfig({ MAP_SERVER_CLUSTERING_FROM: '0' }).map.serverClusteringFrom).toBe(0);
    expect(loadConfig({ MAP_SERVER_CLUSTERING_FROM: '500000' }).map.serverClusteringFrom).toBe(
      500_000,
    );
    for (const bad of ['-1', '1.5', 'many', '20k']) {
      expect(() => loadConfig({ MAP_SERVER_CLUSTERING_FROM: bad }), bad).toThrow(
        /^Invalid configuration: MAP_SERVER_CLUSTERING_FROM: /,
      );
    }
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

  it('reads DATABASE_REPLICA_URLS as a comma-separated list of postgres URLs (decision 0073)', () => {
    expect(loadConfig({}).database.replicaUrls).toEqual([]);
    expect(
      loadConfig({
        DATABASE_REPLICA_URLS: ' postgres://r1/coral, postgresql://r2:5433/coral ,',
      }).database.replicaUrls,
    ).toEqual(['postgres://r1/coral', 'postgresql://r2:5433/coral']);
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/coral,mysql://r2' })).toThrow(
      'DATABASE_REPLICA_URLS.1: each must be a postgres:// or postgresql:// URL',
    );
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

  it('offers Sign in with ORCID only with a client id and secret (orcid.org by default)', () => {
    expect(loadConfig({}).orcid).toBeNull();
    const client = { ORCID_CLIENT_ID: 'APP-ABCDEFGHIJKLMNOP', ORCID_CLIENT_SECRET: 'secret' };
    expect(loadConfig({ ...client, PUBLIC_URL: 'https://corals.example.org/' }).orcid).toEqual({
      issuer: 'https://orcid.org',
      clientId: 'APP-ABCDEFGHIJKLMNOP',
      clientSecret: 'secret',
      redirectUri: 'https://corals.example.org/api/auth/orcid/callback/',
    });
    expect(
      loadConfig({ ...client, ORCID_ISSUER: 'https://sandbox.orcid.org' }).orcid?.redirectUri,
    ).toBe('http://localhost:8000/api/auth/orcid/callback/');
    expect(() => loadConfig({ ORCID_CLIENT_ID: 'APP-ABCDEFGHIJKLMNOP' })).toThrow(
      '"Sign in with ORCID" needs ORCID_CLIENT_ID and ORCID_CLIENT_SECRET; missing ORCID_CLIENT_SECRET',
    );
    expect(() => loadConfig({ ORCID_CLIENT_SECRET: 'secret' })).toThrow('missing ORCID_CLIENT_ID');
    expect(() => loadConfig({ ORCID_ISSUER: 'https://orcid.org' })).toThrow(
      'ORCID_ISSUER is set but ORCID_CLIENT_ID and ORCID_CLIENT_SECRET are not',
    );
    expect(() => loadConfig({ ...client, ORCID_ISSUER: 'orcid.org' })).toThrow(
      'ORCID_ISSUER: must be an http:// or https:// URL',
    );
    const production = { ...client, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(
      '"Sign in with ORCID" needs PUBLIC_URL when NODE_ENV=production',
    );
    expect(() =>
      loadConfig({
        ...production,
        PUBLIC_URL: 'https://corals.example.org',
        ORCID_ISSUER: 'http://127.0.0.1:4000',
      }),
    ).toThrow('ORCID_ISSUER must be an https:// URL when NODE_ENV=production');
  });

  it("links the source code to package.json's repository unless SOURCE_REPOSITORY_URL says otherwise", () => {
    const rootPackage = {
      repository: { type: 'git', url: 'git+https://git.example.org/corals/platform.git' },
    };
    expect(loadConfig({}, rootPackage).links).toMatchObject({
      sourceRepository: 'https://git.example.org/corals/platform',
      getHelp: 'https://git.example.org/corals/platform/issues',
    });
    const overridden = loadConfig(
      { SOURCE_REPOSITORY_URL: 'https://code.example.org/fork/' },
      rootPackage,
    ).links;
    expect(overridden.sourceRepository).toBe('https://code.example.org/fork');
    expect(overridden.getHelp).toBe('https://code.example.org/fork/issues');
    expect(loadConfig({ HELP_URL: 'https://help.example.org' }, rootPackage).links.getHelp).toBe(
      'https://help.example.org',
    );
    expect(() => loadConfig({ SOURCE_REPOSITORY_URL: 'javascript:alert(1)' })).toThrow(
      'SOURCE_REPOSITORY_URL: must be an http:// or https:// URL',
    );
  });

  it('names no repository when none is known, and sends help to the contact address', () => {
    const links = loadConfig({ CONTACT_EMAIL: 'corals@example.org' }, {}).links;
    expect(links.sourceRepository).toBeNull();
    expect(links.getHelp).toBe('mailto:corals@example.org?subject=Help');
  });

  it('sends Request Account Access to ACCOUNT_REQUEST_URL, else to a mail to the contact address', () => {
    expect(
      loadConfig({ ACCOUNT_REQUEST_URL: 'https://forms.example.org/account' }).links
        .accountRequestForm,
    ).toBe('https://forms.example.org/account');
    expect(loadConfig({ CONTACT_EMAIL: 'corals@example.org' }).links.accountRequestForm).toBe(
      'mailto:corals@example.org?subject=Account%20request',
    );
    for (const notAForm of ['javascript:alert(1)', 'mailto:corals@example.org', 'forms/account']) {
      expect(() => loadConfig({ ACCOUNT_REQUEST_URL: notAForm }), notAForm).toThrow(
        'ACCOUNT_REQUEST_URL: must be an http:// or https:// URL',
      );
    }
  });

  it("never defaults to the predecessor's repository", () => {
    const { sourceRepository, getHelp } = loadConfig({}, readRootPackage()).links;
    for (const link of [sourceRepository, getHelp]) {
      expect(link ?? '').not.toContain('reefgenomics/coralfuture.org');
    }
  });

  it('reads every form of package.json repository npm accepts', () => {
    expect(repositoryWebUrl(undefined)).toBeNull();
    expect(repositoryWebUrl({})).toBeNull();
    for (const [field, web] of [
      ['https://github.com/corals/platform', 'https://github.com/corals/platform'],
      ['github:corals/platform', 'https://github.com/corals/platform'],
      ['gitlab:corals/platform', 'https://gitlab.com/corals/platform'],
      ['corals/platform', 'https://github.com/corals/platform'],
      ['git@github.com:corals/platform.git', 'https://github.com/corals/platform'],
      [{ url: 'git+https://github.com/corals/platform.git' }, 'https://github.com/corals/platform'],
      [{ url: 'git://github.com/corals/platform.git' }, 'https://github.com/corals/platform'],
    ] as const) {
      expect(repositoryWebUrl({ repository: field }), JSON.stringify(field)).toBe(web);
    }
    expect(() => repositoryWebUrl({ repository: { type: 'git' } })).toThrow(
      'package.json repository must be a URL or have a "url"',
    );
    expect(() => repositoryWebUrl({ repository: 'not a place' })).toThrow(
      'package.json repository "not a place" names no web address',
    );
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).env).toBe(
      'production',
    );
  });

  it('trusts no proxy by default, a hop count, or a list of proxy addresses and ranges', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).http.trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8, 192.168.1.2 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true and explains the alternatives', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY: true is refused: it lets any client choose its own address with ' +
        'X-Forwarded-For (and so escape the login limits); set false (no proxy), the number of ' +
        'proxies in front of the server (e.g. 1), or their addresses or CIDR ranges, ' +
        'comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8,192.168.1.2)',
    );
  });

  it('refuses TRUST_PROXY entries that are not addresses or ranges', () => {
    for (const value of ['proxy.example.org', '10.0.0.0/33', '10.0.0.1,', 'yes', '10.0.0.0/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .* is not an IP address or CIDR range; set false/,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '1000' })).toThrow(
      'TRUST_PROXY: 1000 proxies is not a plausible hop count',
    );
  });
});
