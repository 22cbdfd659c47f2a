/**
 * Import graphs for the architecture tests (apps/server/src/architecture.test.ts,
 * apps/web/src/architecture.test.ts): the imports of a source file, and the circles in a graph.
 */

export interface SourceImport {
  specifier: string;
  /**
   * `import type …` / `export type … from`: erased at build. `import { type A } from './a'` is
   * NOT type-only: with `verbatimModuleSyntax` (tsconfig.base.json) it stays in the bundle as
   * `import {} from './a'`, which runs the module.
   */
  typeOnly: boolean;
}

const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s*\bfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every static, re-exporting, side-effect and dynamic import of a TypeScript source. */
export function sourceImports(source: string): SourceImport[] {
  return [
    ...[...source.matchAll(STATIC_IMPORT)].map((match) => ({
      specifier: match[2]!,
      typeOnly: match[1] !== undefined,
    })),
    ...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => ({
      specifier: match[1]!,
      typeOnly: false,
    })),
  ];
}

/** Who imports whom: node → the nodes it imports. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** Adds `from → to` to a graph being built (a node's own imports of itself are left out). */
export function addEdge(graph: Map<string, Set<string>>, from: string, to: string): void {
  if (from === to) return;
  let targets = graph.get(from);
  if (!targets) graph.set(from, (targets = new Set()));
  targets.add(to);
}

/**
 * The import circles of a graph, one per knot (strongly connected component of more than one
 * node), as its shortest circle through its first node: 'a → b → a'. A knot larger than the
 * circle shown says how many nodes it ties together.
 */
export function importCycles(graph: ImportGraph): string[] {
  return knots(graph)
    .map((knot) => {
      const members = new Set(knot);
      const circle = shortestCircle(graph, knot[0]!, members);
      const more = knot.length > circle.length ? ` (a knot of ${knot.length})` : '';
      return `${[...circle, circle[0]].join(' → ')}${more}`;
    })
    .sort();
}

/** Tarjan's strongly connected components with more than one node, each sorted. */
function knots(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest way from `start` back to itself inside one knot (breadth first). */
function shortestCircle(graph: ImportGraph, start: string, members: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const target of [...(graph.get(node) ?? [])].sort()) {
        if (!members.has(target)) continue;
        if (target === start) {
          const path = [node];
          while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
          return path;
        }
        if (cameFrom.has(target)) continue;
        cameFrom.set(target, node);
        next.push(target);
      }
    }
    frontier = next;
  }
  return [start];
}
