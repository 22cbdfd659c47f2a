import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliUsageError, type CliCommand, type CliInput, type CliOption } from './cli-command';

/** How every usage line starts. */
export const CLI_INVOCATION = 'npm run cli --';

const HELP_OPTION = { type: 'boolean', short: 'h' } as const;

type ParseOptions = NonNullable<ParseArgsConfig['options']>;

function parseOptionsOf(command: CliCommand): ParseOptions {
  const options: ParseOptions = { help: HELP_OPTION };
  for (const [name, option] of Object.entries(command.options)) {
    options[name] = { type: option.type };
  }
  return options;
}

const argumentText = (a: { name: string; required: boolean }) =>
  a.required ? `<${a.name}>` : `[<${a.name}>]`;

function optionText(name: string, option: CliOption): string {
  return option.type === 'string' ? `--${name} ${option.value ?? '<value>'}` : `--${name}`;
}

/** `ed50 <raw.csv> [--out results.csv] …`: the command, its arguments, then its options. */
export function usageOf(command: CliCommand): string {
  return [
    command.name,
    ...command.arguments.map(argumentText),
    ...Object.entries(command.options).map(([name, option]) =>
      option.required ? optionText(name, option) : `[${optionText(name, option)}]`,
    ),
  ].join(' ');
}

/** Notes in --help are wrapped to this many characters. */
const HELP_WIDTH = 100;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  return [...lines, line];
}

function table(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

/** `npm run cli -- <command> --help`: usage, arguments, options and notes. */
export function commandHelp(command: CliCommand): string {
  const options = Object.entries(command.options).map(
    ([name, option]) =>
      [
        optionText(name, option),
        `${option.description}${option.required ? ' (required)' : ''}`,
      ] as const,
  );
  const lines = [`Usage: ${CLI_INVOCATION} ${usageOf(command)}`, '', `${command.summary}.`];
  if (command.arguments.length > 0) {
    lines.push(
      '',
      'Arguments:',
      ...table(command.arguments.map((a) => [argumentText(a), a.description] as const)),
    );
  }
  lines.push('', 'Options:', ...table([...options, ['-h, --help', 'show this help']]));
  for (const note of command.notes ?? []) lines.push('', ...wrap(note, HELP_WIDTH));
  return `${lines.join('\n')}\n`;
}

/** `npm run cli -- --help`: every command with its one-line summary. */
export function commandsHelp(commands: readonly CliCommand[]): string {
  return [
    `Usage: ${CLI_INVOCATION} <command> [arguments] [options]`,
    '',
    'Commands:',
    ...table(commands.map((c) => [c.name, c.summary] as const)),
    '',
    `${CLI_INVOCATION} <command> --help shows the arguments and options of a command.`,
    '',
  ].join('\n');
}

export type ParsedCommandLine = { help: true } | { help: false; input: CliInput };

/**
 * Checks a command line against the command's declaration with node:util parseArgs (strict):
 * unknown options, option values, the number of arguments and the required options. A mistake
 * is a CliUsageError saying in one line what is wrong. `-h`/`--help` anywhere asks for help.
 */
export function parseCommandLine(command: CliCommand, args: readonly string[]): ParsedCommandLine {
  const options = parseOptionsOf(command);
  const { tokens } = parseArgs({
    args: [...args],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return { help: true };

  let parsed: ReturnType<typeof parseArgs<{ options: ParseOptions; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...args], options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new CliUsageError(explain(error, tokens, options));
  }

  const given = parsed.positionals;
  if (given.length < command.arguments.filter((a) => a.required).length) {
    throw new CliUsageError(`Missing <${command.arguments[given.length]!.name}>.`);
  }
  if (given.length > command.arguments.length) {
    throw new CliUsageError(
      command.tooManyArguments ??
        `Too many arguments: ${command.arguments.map(argumentText).join(' ') || 'none'} expected.`,
    );
  }

  const values: Record<string, string | boolean | undefined> = {};
  for (const [name, option] of Object.entries(command.options)) {
    // no option is declared `multiple`, so a value is never an array
    const value = parsed.values[name] as string | boolean | undefined;
    if (option.type === 'boolean') {
      values[name] = value === true;
      continue;
    }
    if (value === '') throw new CliUsageError(`--${name} needs a value.`);
    if (value === undefined && option.required) {
      throw new CliUsageError(`Missing ${optionText(name, option)} (${option.description}).`);
    }
    if (typeof value === 'string' && option.choices && !option.choices.includes(value)) {
      throw new CliUsageError(`--${name} is ${option.choices.join(' or ')}, not ${value}.`);
    }
    values[name] = value;
  }
  return {
    help: false,
    input: { arguments: given, options: values as CliInput['options'] },
  };
}

/** The parts of parseArgs's tokens that say which argument was refused. */
type Token =
  | { kind: 'option'; name: string; rawName: string; value?: string; inlineValue?: boolean }
  | { kind: 'positional' | 'option-terminator' };

/**
 * What strict parseArgs refused, in the CLI's words. The lenient parse's tokens say which
 * argument it was; parseArgs's own message is the fallback.
 */
function explain(error: unknown, tokens: readonly Token[], options: ParseOptions): string {
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const type = options[token.name]?.type;
    if (type === undefined) return `Unknown option ${token.rawName}.`;
    if (type === 'boolean' && token.value !== undefined) return `${token.rawName} takes no value.`;
    if (
      type === 'string' &&
      (token.value === undefined ||
        (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-')))
    ) {
      return `${token.rawName} needs a value.`;
    }
  }
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}
