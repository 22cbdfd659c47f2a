import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { commands } from './commands';
import { runCliCaptured } from '../../test/cli-in-process';

// Parsing and help need neither a database nor a valid environment: every call here would fail
// loudly if a command were run.

const cli = (...argv: string[]) =>
  runCliCaptured(argv, {
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }),
    withDatabase: () => Promise.reject(new Error('no command may run in these tests')),
  });

const USAGES = {
  'user:create': 'user:create <username>',
  'user:passwd': 'user:passwd <username>',
  'user:disable': 'user:disable <username>',
  'user:enable': 'user:enable <username>',
  'user:role': 'user:role <username> <role>',
  'user:approve-orcid': 'user:approve-orcid <orcid>',
  import: 'import <main.csv> [<ed50.csv>] --owner <username> [--errors <report.csv>]',
  'taxa:import': 'taxa:import <taxon.txt>',
  ed50: 'ed50 <raw.csv> [--out results.csv] [--summary summary.csv] [--grouping Site,Condition,Species,Timepoint] [--row-names] [--not-estimable NA|drc] [--fit joint|per-colony] [--model LL.3|LL.2|LL.4|LL.5|W1.3|W2.3] [--lower b=..,d=..,e=..] [--upper b=..,d=..,e=..] [--intervals] [--unrounded] [--pooled pooled.csv] [--compare comparison.csv] [--analyses analyses.csv] [--factors Site,Species] [--mmm mmm.csv] [--p-adjust holm|BH|bonferroni|none] [--analyses-r folder]',
};

describe('npm run cli -- --help', () => {
  it.each([['--help'], ['-h'], ['help']])(
    '%s lists every command with its summary',
    async (word) => {
      const result = await cli(word);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      const lines = result.stdout.split('\n');
      expect(lines[0]).toBe('Usage: npm run cli -- <command> [arguments] [options]');
      expect(commands.map((c) => c.name).sort()).toEqual(Object.keys(USAGES).sort());
      const squeezed = lines.map((line) => line.trim().replace(/ +/g, ' '));
      for (const command of commands) {
        expect(squeezed).toContain(`${command.name} ${command.summary}`);
      }
      expect(result.stdout).toContain('npm run cli -- <command> --help');
    },
  );

  it('without a command: the same list on stderr, exit code 2', async () => {
    const result = await cli();
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe((await cli('--help')).stdout);
  });

  it('an unknown command says so, then lists the commands (exit code 2)', async () => {
    const result = await cli('user:delete', 'ann');
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      'Unknown command: user:delete',
      'Usage: npm run cli -- <command> [arguments] [options]',
    ]);
    expect((await cli('help', 'nothing')).stderr).toContain('Unknown command: nothing\n');
  });
});

describe('npm run cli -- <command> --help', () => {
  it.each(Object.entries(USAGES))('%s: usage, arguments and options', async (name, usage) => {
    const result = await cli(name, '--help');
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const command = commands.find((c) => c.name === name)!;
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `Usage: npm run cli -- ${usage}`,
      '',
      `${command.summary}.`,
    ]);
    for (const argument of command.arguments) {
      expect(result.stdout).toContain(`<${argument.name}>`);
      expect(result.stdout).toContain(argument.description);
    }
    for (const [option, { description }] of Object.entries(command.options)) {
      expect(lines).toContainEqual(expect.stringContaining(`  --${option}`));
      expect(result.stdout).toContain(description);
    }
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}-h, --help +show this help$/));
    // the notes are wrapped
    const prose = lines.filter((l) => !l.startsWith(' ') && !l.startsWith('Usage:'));
    expect(prose.filter((l) => l.length > 100)).toEqual([]);
  });

  it('-h, help <command>, and --help among other arguments (even wrong ones) say the same', async () => {
    const help = (await cli('import', '--help')).stdout;
    expect((await cli('import', '-h')).stdout).toBe(help);
    expect((await cli('help', 'import')).stdout).toBe(help);
    expect((await cli('import', 'main.csv', '--colour', '--help')).stdout).toBe(help);
  });

  it('the account commands say where the password comes from', async () => {
    for (const name of ['user:create', 'user:passwd']) {
      expect((await cli(name, '--help')).stdout).toContain(
        'The password is read from stdin, never from the command line',
      );
    }
  });
});

describe('mistakes on the command line: one line saying what is wrong, the usage, exit code 2', () => {
  it.each([
    [['import', 'a.csv', '--colour'], 'Unknown option --colour.'],
    [['import', 'a.csv', '-x', '--owner', 'ann'], 'Unknown option -x.'],
    [['import', 'a.csv'], 'Missing --owner <username> (the uploader who will own the data).'],
    [['import', '--owner', 'ann'], 'Missing <main.csv>.'],
    [['import', 'a.csv', '--owner'], '--owner needs a value.'],
    [['import', 'a.csv', '--owner='], '--owner needs a value.'],
    [['import', 'a.csv', '--owner', '--errors', 'r.csv'], '--owner needs a value.'],
    [['import', 'a', 'b', 'c', '--owner', 'ann'], 'At most two files: <main.csv> [<ed50.csv>].'],
    [['ed50', 'a.csv', '--row-names=yes'], '--row-names takes no value.'],
    [['user:create', 'eve', '--password', 'secret'], 'Unknown option --password.'],
    [['user:passwd'], 'Missing <username>.'],
  ])('%j', async (argv, message) => {
    const [name] = argv;
    const result = await cli(...argv);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `${message}\nUsage: npm run cli -- ${USAGES[name as keyof typeof USAGES]}\n`,
    });
  });

  it('options may come before the arguments, with = or a space', async () => {
    // parsed, then run: the fake database says the command got that far
    await expect(cli('import', '--owner=ann', 'a.csv')).rejects.toThrow('no command may run');
    await expect(cli('user:enable', '--', 'ann')).rejects.toThrow('no command may run');
  });
});
