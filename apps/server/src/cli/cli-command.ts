import type { AppConfig } from '../config';
import type { AppDb } from '../db/schema';

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

/** A positional argument: `<name>` in the usage, `[<name>]` when optional. */
export interface CliArgument {
  name: string;
  /** Required arguments come before optional ones. */
  required: boolean;
  /** One line for the command's --help. */
  description: string;
}

/** An option `--name` (parsed by node:util parseArgs). */
export interface CliOption {
  type: 'string' | 'boolean';
  /** How the usage shows a string option's value: `results.csv`, `<username>`, `NA|drc`. */
  value?: string;
  /** A string option that must be given. */
  required?: boolean;
  /** The only values a string option takes. */
  choices?: readonly string[];
  /** One line for --help; also what a missing required option is said to be for. */
  description: string;
}

export type CliOptions = Readonly<Record<string, CliOption>>;

/** The parsed options: booleans false when absent, strings undefined (unless required). */
export type CliOptionValues<O extends CliOptions> = {
  [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['required'] extends true
      ? string
      : string | undefined;
};

/** A command line checked against its command's declaration. */
export interface CliInput<O extends CliOptions = CliOptions> {
  /** The positional arguments: all the required ones, at most as many as declared. */
  arguments: string[];
  options: CliOptionValues<O>;
}

/**
 * One `npm run cli -- <name> …` command: what it takes (from which its usage, its --help and
 * the checks of the command line are made) and what it does. Returns the process exit code.
 */
export interface CliCommand<O extends CliOptions = CliOptions> {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  arguments: readonly CliArgument[];
  options: O;
  /** What is said when more arguments are given than the command takes. */
  tooManyArguments?: string;
  /** Further paragraphs of the command's --help (where input comes from, exit codes). */
  notes?: readonly string[];
  run(input: CliInput<O>, context: CliContext): Promise<number>;
}

/** A command with the types of its options kept for its `run` (and erased for the list). */
export function defineCommand<const O extends CliOptions>(command: CliCommand<O>): CliCommand {
  return command;
}

/** A user mistake on the command line: printed as one line with the usage, exit code 2. */
export class CliUsageError extends Error {}

/** A refused operation (unknown user, weak password, …): printed as one line, exit code 1. */
export class CliFailure extends Error {}
