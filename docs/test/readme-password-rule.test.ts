import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Accounts are created on the command line, where a refused password costs a round trip; the
 * README says the rule up front, and this keeps its numbers those the server enforces.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

function enforced(name: string): number {
  const source = read('apps/server/src/modules/users/passwords.ts');
  const match = new RegExp(`export const ${name} = (\\d+);`).exec(source);
  if (!match) throw new Error(`${name} is no longer a plain number in passwords.ts`);
  return Number(match[1]);
}

describe('README password rule', () => {
  it('states the minimum and maximum length the server enforces', () => {
    const readme = read('README.md');
    const min = enforced('PASSWORD_MIN_LENGTH');
    const max = enforced('PASSWORD_MAX_LENGTH');
    expect(readme).toContain(`A password has at least ${min} characters (at most ${max})`);
    expect(readme).toContain(`the password (${min} to ${max} characters)`);
  });
});
