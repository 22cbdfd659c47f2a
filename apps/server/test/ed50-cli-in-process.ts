import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, repoRoot } from '../src/config';

type Config = ReturnType<typeof loadConfig>;
import { runCliCaptured } from './cli-in-process';

const testConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' });

/** runCli in process, for commands that never open the database (the ED calculator). */
export async function cliWithoutDatabase(...argv: string[]) {
  return runWithoutDatabase(argv, testConfig);
}

/** The same with a configuration of the test's own (e.g. another invocation folder). */
export async function runWithoutDatabase(argv: string[], config: Config) {
  return runCliCaptured(argv, {
    config,
    withDatabase: () => Promise.reject(new Error('the ed50 command needs no database')),
  });
}

export const fixture = (...parts: string[]) => path.join(repoRoot, 'fixtures', ...parts);
/** CBASSED50's example as a lab's raw file (60 colonies, 6 groups). */
export const EXAMPLE = fixture('datasheets', 'cbass_dataset_raw.csv');
export const read = (file: string) => fs.readFileSync(file, 'utf8');
