import type { AppConfig } from '../config';

export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** One `npm run cli -- <name> …` command. Returns the process exit code. */
export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], context: { config: AppConfig; io: CliIo }): Promise<number>;
}

/** A user mistake on the command line: printed as one line, exit code 2. */
export class CliUsageError extends Error {}
