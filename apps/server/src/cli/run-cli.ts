import { loadConfig, ConfigError } from '../config';
import { DatabaseUnavailableError } from '../db/database';
import { DatabaseInUseError } from '../db/embedded-lock';
import { CliUsageError, type CliIo } from './cli-command';
import { commands } from './commands';

/** `npm run cli -- <command> [args]`: administration and batch tools over the same core code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
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
    return await command.run(args, { config: loadConfig(), io });
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr.write(`${error.message}\nUsage: npm run cli -- ${command.usage}\n`);
      return 2;
    }
    if (
      [ConfigError, DatabaseUnavailableError, DatabaseInUseError].some((t) => error instanceof t)
    ) {
      io.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
}
