import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TestAgent } from '../../test/auth-client';
import { onTestDatabase, runCliCaptured } from '../../test/cli-in-process';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PASSWORD = 'reef-resilience-2024';

/** runCli in process, on the test database, with the given stdin. */
const cli = (argv: string[], stdin?: NodeJS.ReadableStream) =>
  runCliCaptured(argv, onTestDatabase(ctx.config, ctx.database.db), stdin);

const lines = (...values: string[]) => Readable.from([values.map((v) => `${v}\n`).join('')]);

async function canLogIn(username: string, password = PASSWORD) {
  return (await new TestAgent(ctx.app).login(username, password)).statusCode === 200;
}

describe('npm run cli -- user:create <username>', () => {
  it('creates an account from a password on stdin; the researcher can then log in', async () => {
    const result = await cli(['user:create', 'ann'], lines(PASSWORD));
    expect(result).toEqual({
      code: 0,
      stdout: 'Created user "ann". They can log in now.\n',
      stderr: '',
    });
    expect(await canLogIn('ann')).toBe(true);
    const stored = await ctx.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'ann')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.password_hash).not.toContain(PASSWORD);
  });

  it('keeps only the first line of stdin, without its line end', async () => {
    expect((await cli(['user:create', 'crlf'], lines(`${PASSWORD}\r`, 'ignored'))).code).toBe(0);
    expect(await canLogIn('crlf')).toBe(true);
  });

  it('refuses an existing username', async () => {
    const result = await cli(['user:create', 'ann'], lines(PASSWORD));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'The user "ann" already exists. Use user:passwd to set a new password.\n',
    );
  });

  it.each([
    ['', 'The password is empty.'],
    ['short', 'The password is too short: use at least 10 characters.'],
    ['          ', 'The password must not be only spaces.'],
  ])('refuses the password %j', async (password, message) => {
    const result = await cli(['user:create', 'weak'], lines(password));
    expect(result).toEqual({ code: 1, stdout: '', stderr: `${message}\n` });
    const user = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'weak')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('never takes a password from the command line', async () => {
    const result = await cli(['user:create', 'eve', PASSWORD], lines(PASSWORD));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Too many arguments. The password is read from stdin, never from the command line.\n' +
        'Usage: npm run cli -- user:create <username>\n',
    );
  });

  it('explains a missing or invalid username', async () => {
    expect(await cli(['user:create'])).toMatchObject({
      code: 2,
      stderr: 'Missing <username>.\nUsage: npm run cli -- user:create <username>\n',
    });
    expect(await cli(['user:create', 'no spaces please'], lines(PASSWORD))).toMatchObject({
      code: 1,
      stderr: 'A username is 1–150 letters, digits or @ . + - _ characters.\n',
    });
  });

  it('asks twice without echo on a terminal', async () => {
    const tty = () => {
      const stream = new PassThrough() as PassThrough & {
        isTTY: boolean;
        setRawMode: (raw: boolean) => void;
      };
      stream.isTTY = true;
      stream.setRawMode = () => undefined;
      return stream;
    };
    const same = tty();
    const created = cli(['user:create', 'tina'], same);
    same.write(`${PASSWORD}\r`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    same.write(`${PASSWORD}x\u007f\r`); // a typo, erased with backspace
    const result = await created;
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Password: \nRepeat the password: \n');
    expect(result.stderr).not.toContain(PASSWORD);
    expect(await canLogIn('tina')).toBe(true);

    // typed ahead in one go (a paste): the second answer is not lost
    const pasted = tty();
    const both = cli(['user:create', 'tess'], pasted);
    pasted.write(`${PASSWORD}\r${PASSWORD}\r`);
    expect((await both).code).toBe(0);

    const different = tty();
    const refused = cli(['user:create', 'tom'], different);
    different.write(`${PASSWORD}\r`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    different.write('something else\r');
    expect(await refused).toMatchObject({
      code: 1,
      stderr:
        'Password: \nRepeat the password: \nThe passwords do not match; nothing was changed.\n',
    });
  });
});

describe('user:passwd, user:disable, user:enable', () => {
  it('gives a seed project owner without a password a way in', async () => {
    expect(await canLogIn('chris')).toBe(false);
    const result = await cli(['user:passwd', 'chris'], lines(PASSWORD));
    expect(result).toEqual({
      code: 0,
      stdout: 'Password set for "chris". They can log in now.\n',
      stderr: '',
    });
    expect(await canLogIn('chris')).toBe(true);
  });

  it('changes a password and ends the sessions made with the old one', async () => {
    await cli(['user:create', 'paul'], lines(PASSWORD));
    const client = await new TestAgent(ctx.app).loginOrThrow('paul', PASSWORD);
    expect((await cli(['user:passwd', 'paul'], lines('a brand new password'))).code).toBe(0);
    expect((await client.request({ url: '/api/auth/cart/' })).statusCode).toBe(401);
    expect(await canLogIn('paul')).toBe(false);
    expect(await canLogIn('paul', 'a brand new password')).toBe(true);
  });

  it('disables an account (sessions end, login refused) and enables it again', async () => {
    await cli(['user:create', 'dina'], lines(PASSWORD));
    const client = await new TestAgent(ctx.app).loginOrThrow('dina', PASSWORD);
    expect(await cli(['user:disable', 'dina'])).toEqual({
      code: 0,
      stdout: 'Disabled user "dina" and ended their sessions.\n',
      stderr: '',
    });
    expect((await client.request({ url: '/api/auth/status/' })).json()).toMatchObject({
      authenticated: false,
    });
    expect(await canLogIn('dina')).toBe(false);
    expect((await cli(['user:passwd', 'dina'], lines(PASSWORD))).stdout).toBe(
      'Password set for "dina", but the account is disabled (user:enable dina).\n',
    );
    expect((await cli(['user:enable', 'dina'])).code).toBe(0);
    expect(await canLogIn('dina')).toBe(true);
  });

  it.each(['user:passwd', 'user:disable', 'user:enable'])(
    '%s names an unknown user clearly',
    async (command) => {
      expect(await cli([command, 'nobody'], lines(PASSWORD))).toEqual({
        code: 1,
        stdout: '',
        stderr: 'There is no user named "nobody".\n',
      });
    },
  );
});

describe('npm run cli -- user:role <username> <role>', () => {
  it('makes a curator: their sessions end, and the next login carries the role', async () => {
    await cli(['user:create', 'rita'], lines(PASSWORD));
    const before = await new TestAgent(ctx.app).loginOrThrow('rita', PASSWORD);
    const result = await cli(['user:role', 'rita', 'curator']);
    expect(result).toEqual({
      code: 0,
      stdout: '"rita" is now curator (was contributor); they log in again for it to apply.\n',
      stderr: '',
    });
    expect((await before.request({ url: '/api/auth/review/' })).statusCode).toBe(401);
    const after = await new TestAgent(ctx.app).loginOrThrow('rita', PASSWORD);
    const status = (await after.request({ url: '/api/auth/status/' })).json<{ role?: string }>();
    expect(status.role).toBe('curator');
    expect((await after.request({ url: '/api/auth/review/' })).statusCode).toBe(200);

    expect((await cli(['user:role', 'rita', 'curator'])).stdout).toBe(
      '"rita" already was curator.\n',
    );
  });

  it('refuses an unknown role or user and changes nothing', async () => {
    expect(await cli(['user:role', 'rita', 'superuser'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Unknown role "superuser": use contributor, curator, admin.\n',
    });
    expect((await cli(['user:role', 'nobody', 'curator'])).stderr).toBe(
      'There is no user named "nobody".\n',
    );
    const rita = await new TestAgent(ctx.app).loginOrThrow('rita', PASSWORD);
    const status = (await rita.request({ url: '/api/auth/status/' })).json<{ role?: string }>();
    expect(status.role).toBe('curator');
  });
});

describe('npm run cli -- user:approve-orcid <iD>', () => {
  const approvals = () =>
    ctx.database.db.selectFrom('orcid_approvals').select('orcid').orderBy('orcid').execute();

  it('approves an iD (any form researchers paste) once, and says what it did', async () => {
    expect(await cli(['user:approve-orcid', 'https://orcid.org/0000-0002-1694-233x'])).toEqual({
      code: 0,
      stdout:
        'Approved ORCID iD 0000-0002-1694-233X: its first "Sign in with ORCID" creates an account.\n',
      stderr: '',
    });
    expect((await cli(['user:approve-orcid', '0000-0002-1694-233X'])).stdout).toBe(
      'ORCID iD 0000-0002-1694-233X was already approved; nothing changed.\n',
    );
    expect(await approvals()).toEqual([{ orcid: '0000-0002-1694-233X' }]);
  });

  it('refuses what is not an iD (wrong check digit) and approves nothing', async () => {
    expect(await cli(['user:approve-orcid', '0000-0002-1825-0098'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        '"0000-0002-1825-0098" is not an ORCID iD (16 digits like 0000-0002-1825-0097, the last one a check digit).\n',
    });
    expect(await approvals()).toEqual([{ orcid: '0000-0002-1694-233X' }]);
  });

  it('approves nothing for an iD already linked to an account', async () => {
    await cli(['user:create', 'iris'], lines(PASSWORD));
    await ctx.database.db
      .updateTable('users')
      .set({ orcid: '0000-0003-1415-9269' })
      .where('username', '=', 'iris')
      .execute();
    expect((await cli(['user:approve-orcid', '0000-0003-1415-9269'])).stdout).toBe(
      'ORCID iD 0000-0003-1415-9269 is already linked to the account "iris" and signs in to it; nothing to approve.\n',
    );
    expect(await approvals()).toEqual([{ orcid: '0000-0002-1694-233X' }]);
  });
});

describe('the embedded database in use by the server', () => {
  it('says so in one line and exits 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coral-cli-'));
    try {
      // the lock of a live process other than this one, as a running server leaves it
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
      const { code, stderr } = await runCliCaptured(['user:disable', 'ann'], {
        config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      });
      expect(code).toBe(1);
      expect(stderr.split('\n')).toEqual([
        `The embedded database in ${dataDir} is in use by process ${process.ppid} (is the server running?). ` +
          'Stop it, or run the command through a PostgreSQL server with DATABASE_URL.',
        '',
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run cli (no command)', () => {
  it('lists the account commands', async () => {
    const result = await cli([]);
    expect(result.code).toBe(2);
    for (const name of [
      'user:create',
      'user:passwd',
      'user:disable',
      'user:enable',
      'user:approve-orcid',
    ]) {
      expect(result.stderr).toContain(name);
    }
  });
});
