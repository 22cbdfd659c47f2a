import path from 'node:path';
import ts from 'typescript';

/**
 * The web's endpoint table (apps/web/src/lib/api-endpoints.ts) as data, for checking it against
 * the server's OpenAPI document. The table is types only, so the TypeScript compiler reads it:
 * every property of each interface below, inherited and mapped ones included (the max-min path
 * of each threshold kind), with the method the web client calls it with.
 */
export const WEB_ENDPOINT_TABLE = path.resolve(
  import.meta.dirname,
  '../../web/src/lib/api-endpoints.ts',
);

/** Each interface of the table and the HTTP method of its calls (see apps/web/src/lib/api.ts). */
export const TABLE_METHODS = {
  GetEndpoints: 'get',
  PostEndpoints: 'post',
  PutEndpoints: 'put',
  DeleteEndpoints: 'delete',
  DownloadEndpoints: 'post',
  UploadEndpoints: 'post',
} as const;

export interface Endpoint {
  method: string;
  path: string;
}

let lastProgram: ts.Program | undefined;

/** The endpoints a TypeScript source declares in the TABLE_METHODS interfaces. */
export function endpointsOf(file: string, sourceText?: string): Endpoint[] {
  const tsconfig = path.resolve(path.dirname(file), '../../tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${tsconfig}`);
  // Without the project references: @coral/core is read from its sources, not built declarations.
  const options = { ...parsed.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  if (sourceText !== undefined) {
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, language, ...rest) =>
      path.resolve(name) === path.resolve(file)
        ? ts.createSourceFile(name, sourceText, language)
        : getSourceFile(name, language, ...rest);
  }
  // The previous program lends its unchanged files (core's sources): a second read is quick.
  const program = ts.createProgram({ rootNames: [file], options, host, oldProgram: lastProgram });
  lastProgram = program;
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`Cannot read ${file}`);
  const checker = program.getTypeChecker();
  const endpoints: Endpoint[] = [];
  const found = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const name = statement.name.text;
    if (!(name in TABLE_METHODS)) continue;
    found.add(name);
    const method = TABLE_METHODS[name as keyof typeof TABLE_METHODS];
    const type = checker.getTypeAtLocation(statement.name);
    for (const property of checker.getPropertiesOfType(type)) {
      endpoints.push({ method, path: property.getName() });
    }
  }
  const missing = Object.keys(TABLE_METHODS).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`${file} declares no ${missing.join(', ')}`);
  return endpoints;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** The endpoints the document does not describe, as 'METHOD path'. */
export function undocumented(endpoints: Endpoint[], document: OpenApiDocument): string[] {
  return endpoints
    .filter(({ method, path }) => document.paths[path]?.[method] === undefined)
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
}
