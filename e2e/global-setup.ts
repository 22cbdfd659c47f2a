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
 * The run fails here, before any journey, when an account cannot be created.
 *
 * With E2E_BASE_URL already set, the journeys run against that server instead (nothing is
 * started; login journeys need the accounts of support/users.ts to exist there).
 */
export default async function globalSetup() {
  if (process.env[ENV.baseUrl]) {
    process.env[ENV.ed50Port] ??= '3838';
    return undefined;
  }
  ensureProductionBuild();
  const dataDir = makeDataDir();
  try {
    createUsers(dataDir, E2E_USERS);
    const server = await startServer(dataDir);
    process.env[ENV.baseUrl] = server.baseUrl;
    process.env[ENV.ed50Port] = String(server.ed50Port);
    return async () => {
      await server.stop();
      removeDataDir(dataDir);
    };
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
}
