import { ENV } from './support/environment';
import {
  createUsers,
  ensureProductionBuild,
  makeDataDir,
  removeDataDir,
  startServer,
} from './support/e2e-server';
import { E2E_USERS } from './support/users';

/**
 * One server for the whole run: the production build on a throw-away data directory, seeded
 * with the real dataset, with the e2e accounts created first. The returned function is the
 * teardown: it stops the server and deletes the data directory.
 *
 * With E2E_BASE_URL already set, the journeys run against that server instead (nothing is
 * started; login journeys need the accounts of support/users.ts to exist there).
 */
export default async function globalSetup() {
  if (process.env[ENV.baseUrl]) {
    process.env[ENV.usersReady] ??= '1';
    process.env[ENV.ed50Port] ??= '3838';
    return undefined;
  }
  ensureProductionBuild();
  const dataDir = makeDataDir();
  try {
    const usersCreated = createUsers(dataDir, E2E_USERS);
    if (!usersCreated) {
      console.warn(
        'e2e: this server has no `user:create` command yet; login journeys are skipped.',
      );
    }
    const server = await startServer(dataDir);
    process.env[ENV.baseUrl] = server.baseUrl;
    process.env[ENV.ed50Port] = String(server.ed50Port);
    process.env[ENV.usersReady] = usersCreated ? '1' : '0';
    return async () => {
      await server.stop();
      removeDataDir(dataDir);
    };
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
}
