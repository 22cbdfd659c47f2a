import { describe, expect, it } from 'vitest';
import { addEdge, importCycles, sourceImports } from '@coral/core/testing';

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

/** The source file an import of `file` names ('./x/y.tsx'), or null for a package. */
function resolveImport(file: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = `./${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) {
    const parts = file.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    base = parts.join('/');
  } else return null;
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => `${base}${end}`);
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** The folder a file counts in for circles ('./features/map/hooks'), or itself at the top. */
const folderOf = (file: string) => {
  const slash = file.lastIndexOf('/');
  return slash > 1 ? file.slice(0, slash) : file;
};

/** Import circles between files and between folders; type-only imports count. */
function cycles(files: Readonly<Record<string, string>>): { files: string[]; folders: string[] } {
  const known = new Set(Object.keys(files));
  const fileGraph = new Map<string, Set<string>>();
  const folderGraph = new Map<string, Set<string>>();
  for (const [file, source] of Object.entries(files)) {
    for (const { specifier } of sourceImports(source)) {
      const target = resolveImport(file, specifier, known);
      if (target === null) continue;
      addEdge(fileGraph, file, target);
      addEdge(folderGraph, folderOf(file), folderOf(target));
    }
  }
  return { files: importCycles(fileGraph), folders: importCycles(folderGraph) };
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

  it('no import circles between files or folders, type imports included', () => {
    expect(cycles(sources)).toEqual({ files: [], folders: [] });
  });

  it('only the API client layer calls fetch', () => {
    const callers = Object.entries(sources)
      .filter(([, source]) => /\bfetch\(/.test(source))
      .map(([file]) => file);
    expect(callers).toEqual(['./lib/http.ts']);
  });
});

describe('the circle check', () => {
  it('finds circles through relative and @/ imports, type imports included', () => {
    expect(
      cycles({
        './features/map/components/sidebar.tsx': `import type { Choices } from '../hooks/markers';`,
        './features/map/hooks/markers.ts': `import { Sidebar } from '@/features/map/components/sidebar';`,
        './lib/a.ts': `import { b } from './b';`,
        './lib/b.ts': `import { type A } from '@/lib/a';\nimport React from 'react';`,
        './lib/c.ts': `import { a } from './a';`,
      }),
    ).toEqual({
      files: [
        './features/map/components/sidebar.tsx → ./features/map/hooks/markers.ts → ./features/map/components/sidebar.tsx',
        './lib/a.ts → ./lib/b.ts → ./lib/a.ts',
      ],
      folders: ['./features/map/components → ./features/map/hooks → ./features/map/components'],
    });
  });

  it('finds none where imports go one way', () => {
    expect(
      cycles({
        './features/map/components/sidebar.tsx': `import type { Choices } from '../hooks/markers';`,
        './features/map/hooks/markers.ts': `export interface Choices {}`,
      }),
    ).toEqual({ files: [], folders: [] });
  });
});
