import { describe, expect, it } from 'vitest';
import config from '../vite.config';

describe('the production build', () => {
  it("does not print the bundler's timing notice, which `npm start` shows as a yellow warning", () => {
    // A build of this size spends most of its time in plugins; the notice says nothing to act on.
    expect(config.build?.rolldownOptions?.checks?.pluginTimings).toBe(false);
  });
});
