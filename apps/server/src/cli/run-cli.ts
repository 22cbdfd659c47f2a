import path from 'node:path';
import { loadConfig, ConfigError, type AppConfig } from '../config';
import { openDatabase, DatabaseUnavailableError } from '../db/database';
import type { AppDb } from '../db/schema';
import { DatabaseInUseError } from '../db/embedded-lock';
import { migrateToLatest } from '../db/migrate';
import { CliFailure, CliUsageError, type CliContext, type CliIo } from './cli-command';
import {
  CLI_INVOCATION,
  commandHelp,
  commandsHelp,
  parseCommandLine,
  usageOf,
} from './command-line';
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

const HELP_WORDS = new Set(['help', '--help', '-h']);

/**
 * `npm run cli -- <command> [args]`: administration and batch tools over the same core code.
 * `--help` (or `help`) lists the commands, `<command> --help` (or `help <command>`) explains one;
 * a mistake on the command line exits 2 with one line saying what is wrong and the usage.
 */
export async function runCli(
  argv: string[],
  io: CliIo,
  dependencies: CliDependencies = {},
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(commandsHelp(commands));
    return 2;
  }
  const helpAsked = HELP_WORDS.has(first);
  const name = helpAsked ? rest[0] : first;
  if (helpAsked && name === undefined) {
    io.stdout.write(commandsHelp(commands));
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`Unknown command: ${name}\n${commandsHelp(commands)}`);
    return 2;
  }
  try {
    const parsed = helpAsked ? ({ help: true } as const) : parseCommandLine(command, rest);
    if (parsed.help) {
      io.stdout.write(commandHelp(command));
      return 0;
    }
    const config = dependencies.config ?? loadConfig();
    const withDatabase = dependencies.withDatabase ?? openConfiguredDatabase(config);
    const resolvePath = (file: string) => path.resolve(config.invocationDir, file);
    return await command.run(parsed.input, { config, io, withDatabase, resolvePath });
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr.write(`${error.message}\nUsage: ${CLI_INVOCATION} ${usageOf(command)}\n`);
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
