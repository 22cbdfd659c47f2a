/**
 * The server's configuration (decision 0044): the one entry the rest of the server imports
 * (architecture.test.ts). A new variable is parsed in environment.ts, or in the module of its
 * group when it is checked together with others (datacite.ts, orcid.ts, …), and reaches the code
 * as a field of AppConfig (app-config.ts).
 */
export { loadConfig, type AppConfig, type Role } from './app-config';
export { ConfigError } from './config-error';
export type { DataCiteConfig } from './datacite';
export type { LoginBackoff, LoginRateLimit } from './login-limits';
export type { OrcidConfig } from './orcid';
export type { TrustProxy } from './proxies';
export { repoRoot } from './repository';
