import type { CliCommand } from './cli-command';

/** Every CLI command. Add a command by adding its module here. */
export const commands: readonly CliCommand[] = [];
