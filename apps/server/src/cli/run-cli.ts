import path from 'node:path';
import { loadConfig, ConfigError, type AppConfig } from '../config';
import { openDatabase, DatabaseUnavailableError, type AppDb } from '../db/database';
import { DatabaseInUseError } from '../db/embedded-lock';
import { migrateToLatest } from '../db/migrate';
import { CliFailure, CliUsageError, type CliContext, type CliIo } from './cli-command';
import { commands } from './commands';

export interface CliDependencies {
  /** Defaults to loadConfig() (the environment). */
  config?: AppConfig;
  /** Defaults to opening the configured database (tests pass their own). */
  withDatabase?: CliContext['withDatabase'];
}

/** Opens the configured database (embedded in DATA_DIR, or DATABASE_URL) for one command. */
function openConfiguredDatabase(config: AppConfig): CliContext['withDatabase'] {
  return async <T>(work: (db: AppDb) => Promise<T>) => {
    const handle = await openDatabase(
      config.database.url
        ? { kind: 'server', url: config.database.url }
        : { kind: 'embedded', dataDir: config.dataDir },
    );
    try {
      await migrateToLatest(handle.db);
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };
}

/** `npm run cli -- <command> [args]`: administration and batch tools over the same core code. */
export async function runCli(
  argv: string[],
  io: CliIo,
  dependencies: CliDependencies = {},
): Promise<number> {
  const [name, ...args] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const list = commands.map((c) => `  ${c.usage.padEnd(60)} ${c.summary}`).join('\n');
    io.stderr.write(
      `${name ? `Unknown command: ${name}\n` : ''}Usage: npm run cli -- <command>\n\nCommands:\n${list}\n`,
    );
    return 2;
  }
  try {
    const config = dependencies.config ?? loadConfig();
    const withDatabase = dependencies.withDatabase ?? openConfiguredDatabase(config);
    const resolvePath = (file: string) => path.resolve(config.invocationDir, file);
    return await command.run(args, { config, io, withDatabase, resolvePath });
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr.write(`${error.message}\nUsage: npm run cli -- ${command.usage}\n`);
      return 2;
    }
    if (
      [CliFailure, ConfigError, DatabaseUnavailableError, DatabaseInUseError].some(
        (t) => error instanceof t,
      )
    ) {
      io.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
}
