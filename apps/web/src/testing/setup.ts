import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Pages are lazy route chunks: on a busy 2-core CI machine the first render of one can take
// more than Testing Library's default 1 s; findBy* waits for what a user would wait for.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
