import type { AppConfig } from '../config';
import type { AppDb } from '../db/database';

export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

export interface CliContext {
  config: AppConfig;
  io: CliIo;
  /**
   * Runs `work` on the configured database, migrated to the latest schema, and closes it again.
   * The embedded database can be open in one process only: while the server runs, this fails
   * with DatabaseInUseError (printed as one line).
   */
  withDatabase<T>(work: (db: AppDb) => Promise<T>): Promise<T>;
  /**
   * A path given on the command line, made absolute from where the user typed the command
   * (`npm run` itself starts in the repository root).
   */
  resolvePath(file: string): string;
}

/** One `npm run cli -- <name> …` command. Returns the process exit code. */
export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], context: CliContext): Promise<number>;
}

/** A user mistake on the command line: printed as one line, exit code 2. */
export class CliUsageError extends Error {}

/** A refused operation (unknown user, weak password, …): printed as one line, exit code 1. */
export class CliFailure extends Error {}
