import { describe, expect, it } from 'vitest';

/**
 * Import boundaries of the feature layout (bulletproof-react): shared code (components, lib,
 * testing helpers aside) → features → app. A feature never imports another feature; shared code
 * imports no feature and not the app.
 */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm;

function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1]!);
}

function areaOf(path: string): string {
  const [, top, name] = /^(?:\.\/|@\/)([^/]+)\/?([^/]*)/.exec(path) ?? [];
  return top === 'features' ? `features/${name}` : (top ?? '');
}

function violations(): string[] {
  const found: string[] = [];
  for (const [file, source] of Object.entries(sources)) {
    const from = areaOf(file);
    const imports = importsOf(source);
    // Inside a feature, '../' reaches a sibling folder; anything further goes through '@/'.
    for (const target of imports.filter((path) => path.startsWith('../../'))) {
      found.push(`${file} imports ${target} (use '@/…')`);
    }
    for (const target of imports.filter((path) => path.startsWith('@/'))) {
      const to = areaOf(target);
      const crossFeature =
        from.startsWith('features/') && to.startsWith('features/') && to !== from;
      const sharedToUpper =
        (from === 'components' || from === 'lib') && (to.startsWith('features/') || to === 'app');
      if (crossFeature || sharedToUpper) found.push(`${file} imports ${target}`);
    }
  }
  return found;
}

describe('import boundaries', () => {
  it('reads the sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('no feature imports another feature, and shared code imports no feature or app code', () => {
    expect(violations()).toEqual([]);
  });

  it("the calculator's Web Worker loads only core's calculator entry (not the API contract)", () => {
    const workerImports = Object.entries(sources)
      .filter(([file]) => file.startsWith('./features/ed50/worker/'))
      .flatMap(([file, source]) => importsOf(source).map((target) => `${file} → ${target}`));
    expect(workerImports.some((line) => line.endsWith('→ @coral/core/ed50'))).toBe(true);
    expect(workerImports.filter((line) => line.endsWith('→ @coral/core'))).toEqual([]);
  });

  it('only the API client layer calls fetch', () => {
    const callers = Object.entries(sources)
      .filter(([, source]) => /\bfetch\(/.test(source))
      .map(([file]) => file);
    expect(callers).toEqual(['./lib/http.ts']);
  });
});
