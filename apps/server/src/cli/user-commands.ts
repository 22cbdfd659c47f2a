import { OrcidAdminError, orcidApprovals } from '../modules/orcid-sign-in/orcid-sign-in.service';
import { UserAdminError, usernameProblem, usersService } from '../modules/users/users.service';
import { CliFailure, defineCommand, type CliContext, type CliInput } from './cli-command';
import { readNewPassword } from './read-password';

/** What every account command takes: one username, never a password. */
const accountCommand = {
  arguments: [{ name: 'username', required: true, description: "the account's username" }],
  options: {},
  tooManyArguments:
    'Too many arguments. The password is read from stdin, never from the command line.',
} as const;

const PASSWORD_NOTE =
  'The password is read from stdin, never from the command line: asked for twice without echo ' +
  'on a terminal, else the first line of stdin (printf \'%s\\n\' "$PASSWORD" | npm run cli -- …).';

const usernameOf = (input: CliInput) => input.arguments[0]!;

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

export const userCreate = defineCommand({
  ...accountCommand,
  name: 'user:create',
  summary: 'Create a researcher account (password from stdin)',
  notes: [PASSWORD_NOTE],
  async run(input, context) {
    const username = usernameOf(input);
    const problem = usernameProblem(username);
    if (problem) throw new CliFailure(problem);
    const password = await readNewPassword(context.io);
    await administer(context, (db) => usersService.create(db, username, password));
    say(context, `Created user "${username}". They can log in now.`);
    return 0;
  },
});

export const userPasswd = defineCommand({
  ...accountCommand,
  name: 'user:passwd',
  summary: "Set a user's password (password from stdin); ends their sessions",
  notes: [PASSWORD_NOTE],
  async run(input, context) {
    const username = usernameOf(input);
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
});

export const userDisable = defineCommand({
  ...accountCommand,
  name: 'user:disable',
  summary: 'Disable an account and end its sessions (its data stays)',
  async run(input, context) {
    const username = usernameOf(input);
    await administer(context, (db) => usersService.disable(db, username));
    say(context, `Disabled user "${username}" and ended their sessions.`);
    return 0;
  },
});

export const userEnable = defineCommand({
  ...accountCommand,
  name: 'user:enable',
  summary: 'Re-enable a disabled account',
  async run(input, context) {
    const username = usernameOf(input);
    const { hasPassword } = await administer(context, (db) => usersService.enable(db, username));
    say(
      context,
      hasPassword
        ? `Enabled user "${username}".`
        : `Enabled user "${username}"; they have no password yet (user:passwd ${username}).`,
    );
    return 0;
  },
});

export const userRole = defineCommand({
  name: 'user:role',
  summary: 'Grant a role: contributor, curator (reviews datasets) or admin; ends their sessions',
  arguments: [
    { name: 'username', required: true, description: "the account's username" },
    {
      name: 'role',
      required: true,
      description: 'contributor (every account), curator (reviews datasets) or admin',
    },
  ],
  options: {},
  async run(input, context) {
    const [username, role] = input.arguments as [string, string];
    const { previous } = await administer(context, (db) =>
      usersService.setRole(db, username, role),
    );
    say(
      context,
      previous === role
        ? `"${username}" already was ${role}.`
        : `"${username}" is now ${role} (was ${previous}); they log in again for it to apply.`,
    );
    return 0;
  },
});

export const userApproveOrcid = defineCommand({
  name: 'user:approve-orcid',
  summary: 'Approve an ORCID iD: its first "Sign in with ORCID" creates an account (decision 0029)',
  arguments: [
    {
      name: 'orcid',
      required: true,
      description: 'the researcher’s ORCID iD (0000-0002-1825-0097 or https://orcid.org/…)',
    },
  ],
  options: {},
  notes: [
    'The iD is checked with its check digit. Approving twice changes nothing. An iD already ' +
      'linked to an account needs no approval: it signs in to that account.',
  ],
  async run(input, context) {
    const given = input.arguments[0]!;
    const result = await context
      .withDatabase((db) => orcidApprovals.approve(db, given))
      .catch((error: unknown) => {
        throw error instanceof OrcidAdminError ? new CliFailure(error.message) : error;
      });
    switch (result.outcome) {
      case 'approved':
        say(
          context,
          `Approved ORCID iD ${result.orcid}: its first "Sign in with ORCID" creates an account.`,
        );
        break;
      case 'already-approved':
        say(context, `ORCID iD ${result.orcid} was already approved; nothing changed.`);
        break;
      case 'already-linked':
        say(
          context,
          `ORCID iD ${result.orcid} is already linked to the account "${result.username}" and signs in to it; nothing to approve.`,
        );
        break;
    }
    return 0;
  },
});
