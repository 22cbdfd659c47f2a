/**
 * What the global setup tells the test workers (through process.env, which the workers inherit).
 */
export const ENV = {
  baseUrl: 'E2E_BASE_URL',
  /** The second server: the same seed, the map in server mode (MAP_SERVER_CLUSTERING_FROM=0). */
  serverModeBaseUrl: 'E2E_SERVER_MODE_BASE_URL',
  ed50Port: 'E2E_ED50_PORT',
} as const;

export function e2eEnv(name: keyof typeof ENV): string {
  const value = process.env[ENV[name]];
  if (value === undefined) {
    throw new Error(`${ENV[name]} is not set: run the journeys with \`npm run test:e2e\`.`);
  }
  return value;
}
