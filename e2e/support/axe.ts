import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

declare global {
  interface Window {
    axe?: { run: (context?: unknown, options?: unknown) => Promise<AxeResults> };
  }
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** A same-origin address for axe, so the app's Content-Security-Policy (script-src 'self') allows it. */
const AXE_PATH = '/__e2e__/axe.min.js';

function describe(violations: Result[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n');
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation.
 * Returns every violation, for callers that want to look at the minor ones too.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<Result[]> {
  await page.route(`**${AXE_PATH}`, (route) =>
    route.fulfill({ path: axeSource, contentType: 'application/javascript' }),
  );
  if (!(await page.evaluate(() => window.axe !== undefined))) {
    await page.addScriptTag({ url: AXE_PATH });
  }
  const results = await page.evaluate(() =>
    window.axe!.run(document, { resultTypes: ['violations'] }),
  );
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious, `axe on ${page.url()}:\n${describe(serious)}`).toEqual([]);
  return results.violations;
}
