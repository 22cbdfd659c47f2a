import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readServerSources, serverDir } from './database-test-files';
import { serverProject } from '../vitest.config';

/**
 * The server suite runs its files in one module graph per worker (`isolate: false`,
 * docs/decisions/0047-test-loop.md). That is safe only while no test file changes what the next
 * file in the same worker imports or reads: module mocks, stubbed globals or environment, fake
 * timers. Such a file would pass alone and break whichever file happens to follow it.
 */
const SHARED_STATE_CHANGES: readonly [RegExp, string][] = [
  [/\bvi\.(mock|doMock|unmock|hoisted)\(/, 'mocks a module'],
  [/\bvi\.(stubEnv|stubGlobal)\(/, 'stubs the environment or a global'],
  [/\bvi\.useFakeTimers\(/, 'fakes the timers'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*=(?!=)/, 'assigns an environment variable'],
  [/\bdelete\s+process\.env\b/, 'deletes an environment variable'],
];

function sharedStateProblems(sources: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of Object.entries(sources)) {
    if (!file.endsWith('.test.ts') || file.endsWith('test/shared-module-graph.test.ts')) continue;
    for (const [pattern, what] of SHARED_STATE_CHANGES) {
      if (pattern.test(text)) problems.push(`${file} ${what}`);
    }
  }
  return problems;
}

/** Core's suite shares its module graph too (packages/core/vitest.config.ts); its files. */
const coreDir = path.resolve(serverDir, '../../packages/core');
function readCoreTestSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const entry of fs.readdirSync(path.join(coreDir, 'src'), { recursive: true })) {
    const file = String(entry);
    if (!file.endsWith('.test.ts')) continue;
    sources[`packages/core/src/${file}`] = fs.readFileSync(path.join(coreDir, 'src', file), 'utf8');
  }
  return sources;
}

describe('core test files share a module graph per worker', () => {
  it('runs without isolation', () => {
    const config = fs.readFileSync(path.join(coreDir, 'vitest.config.ts'), 'utf8');
    expect(config).toMatch(/^\s*isolate: false,$/m);
  });

  it('has no test file that changes what the next one imports or reads', () => {
    const sources = readCoreTestSources();
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(sharedStateProblems(sources)).toEqual([]);
  });
});

describe('server test files share a module graph per worker', () => {
  it('runs without isolation on both databases', () => {
    expect(serverProject('embedded').test.isolate).toBe(false);
    expect(serverProject('postgres').test.isolate).toBe(false);
  });

  it('has no test file that changes what the next one imports or reads', () => {
    expect(sharedStateProblems(readServerSources())).toEqual([]);
  });

  it('names a file that would leak into the next', () => {
    expect(
      sharedStateProblems({
        'src/a/mocked.test.ts': "vi.mock('../config');",
        'src/a/env.db.test.ts': "process.env.PORT = '1';",
        'src/a/reads-env.test.ts': "if (process.env.PORT === '1') {}",
        'src/a/timers.test.ts': 'vi.useFakeTimers();',
      }),
    ).toEqual([
      'src/a/mocked.test.ts mocks a module',
      'src/a/env.db.test.ts assigns an environment variable',
      'src/a/timers.test.ts fakes the timers',
    ]);
  });
});
