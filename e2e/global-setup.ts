import { ENV } from './support/environment';
import {
  copyDataDir,
  createUsers,
  ensureProductionBuild,
  freePorts,
  makeDataDir,
  removeDataDir,
  startServer,
  type RunningServer,
} from './support/e2e-server';
import { E2E_USERS } from './support/users';

/**
 * Two servers for the whole run, both the production build on a throw-away data directory,
 * seeded with the real dataset, with the e2e accounts created first: the journeys' server, and
 * one whose map always asks the server for its markers (MAP_SERVER_CLUSTERING_FROM=0, decision 0039)
 * on its own copy of the data directory (the embedded database is one process's), for
 * specs/map-server.spec.ts. The returned function is the teardown: it stops the servers and
 * deletes the data directories.
 *
 * The run fails here, before any journey, when an account cannot be created.
 *
 * With E2E_BASE_URL already set, the journeys run against that server instead (nothing is
 * started; login journeys need the accounts of support/users.ts to exist there, and the server
 * mode's journeys a server in that mode at E2E_SERVER_MODE_BASE_URL).
 */
export default async function globalSetup() {
  if (process.env[ENV.baseUrl]) {
    process.env[ENV.ed50Port] ??= '3838';
    return undefined;
  }
  ensureProductionBuild();
  const dataDirs = [makeDataDir()];
  const servers: RunningServer[] = [];
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const dataDir of dataDirs) removeDataDir(dataDir);
  };
  try {
    createUsers(dataDirs[0]!, E2E_USERS);
    dataDirs.push(copyDataDir(dataDirs[0]!));
    // Four ports at once: the servers seed before they listen, so two probes in turn could
    // hand both the same port.
    const [a, b, c, d] = (await freePorts(4)) as [number, number, number, number];
    const started = await Promise.allSettled([
      startServer(dataDirs[0]!, { ports: [a, b] }),
      startServer(dataDirs[1]!, { ports: [c, d], env: { MAP_SERVER_CLUSTERING_FROM: '0' } }),
    ]);
    // Both were awaited, so that a server that did start is stopped when the other failed.
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const [server, serverMode] = servers as [RunningServer, RunningServer];
    process.env[ENV.baseUrl] = server.baseUrl;
    process.env[ENV.ed50Port] = String(server.ed50Port);
    process.env[ENV.serverModeBaseUrl] = serverMode.baseUrl;
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}
