import { test as base, expect } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { e2eEnv } from './environment';
import { keepOffline } from './offline';

export interface E2eFixtures {
  /** Runs axe-core on the current page; fails on serious or critical violations. */
  checkA11y: () => Promise<void>;
  /** Uncaught page errors and Content-Security-Policy violations seen during the test. */
  pageProblems: string[];
}

/**
 * The journeys' `test`: the e2e server as baseURL, no request leaves the machine, axe at hand,
 * and a test fails if the page threw or broke its Content-Security-Policy.
 */
export const test = base.extend<E2eFixtures>({
  // Playwright reads a fixture's dependencies from this pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(e2eEnv('baseUrl'));
  },
  context: async ({ context }, use) => {
    await keepOffline(context);
    await use(context);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems, 'the page threw or broke its Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
  checkA11y: async ({ page }, use) => {
    await use(async () => {
      await expectNoSeriousA11yViolations(page);
    });
  },
});

export { expect };
