import { UserAdminError, usernameProblem, usersService } from '../modules/users/users.service';
import { CliFailure, CliUsageError, type CliCommand, type CliContext } from './cli-command';
import { readNewPassword } from './read-password';

function usernameArgument(args: string[]): string {
  const [username, ...rest] = args;
  if (!username) throw new CliUsageError('Missing <username>.');
  if (rest.length > 0) {
    throw new CliUsageError(
      'Too many arguments. The password is read from stdin, never from the command line.',
    );
  }
  return username;
}

/** Runs an account change; a refusal (unknown user, weak password, …) becomes exit code 1. */
async function administer<T>(
  context: CliContext,
  work: (db: Parameters<Parameters<CliContext['withDatabase']>[0]>[0]) => Promise<T>,
): Promise<T> {
  try {
    return await context.withDatabase(work);
  } catch (error) {
    if (error instanceof UserAdminError) throw new CliFailure(error.message);
    throw error;
  }
}

const say = (context: CliContext, line: string) => context.io.stdout.write(`${line}\n`);

export const userCreate: CliCommand = {
  name: 'user:create',
  usage: 'user:create <username>',
  summary: 'Create a researcher account (password from stdin)',
  async run(args, context) {
    const username = usernameArgument(args);
    const problem = usernameProblem(username);
    if (problem) throw new CliFailure(problem);
    const password = await readNewPassword(context.io);
    await administer(context, (db) => usersService.create(db, username, password));
    say(context, `Created user "${username}". They can log in now.`);
    return 0;
  },
};

export const userPasswd: CliCommand = {
  name: 'user:passwd',
  usage: 'user:passwd <username>',
  summary: "Set a user's password (password from stdin); ends their sessions",
  async run(args, context) {
    const username = usernameArgument(args);
    const password = await readNewPassword(context.io);
    const { active } = await administer(context, (db) =>
      usersService.setPassword(db, username, password),
    );
    say(
      context,
      active
        ? `Password set for "${username}". They can log in now.`
        : `Password set for "${username}", but the account is disabled (user:enable ${username}).`,
    );
    return 0;
  },
};

export const userDisable: CliCommand = {
  name: 'user:disable',
  usage: 'user:disable <username>',
  summary: 'Disable an account and end its sessions (its data stays)',
  async run(args, context) {
    const username = usernameArgument(args);
    await administer(context, (db) => usersService.disable(db, username));
    say(context, `Disabled user "${username}" and ended their sessions.`);
    return 0;
  },
};

export const userEnable: CliCommand = {
  name: 'user:enable',
  usage: 'user:enable <username>',
  summary: 'Re-enable a disabled account',
  async run(args, context) {
    const username = usernameArgument(args);
    const { hasPassword } = await administer(context, (db) => usersService.enable(db, username));
    say(
      context,
      hasPassword
        ? `Enabled user "${username}".`
        : `Enabled user "${username}"; they have no password yet (user:passwd ${username}).`,
    );
    return 0;
  },
};
