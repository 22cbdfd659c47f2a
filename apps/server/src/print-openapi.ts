// `tsx print-openapi.ts [file] [public URL]` (scripts/lint-openapi.mjs): writes the OpenAPI
// document the server serves at /api/docs/json, built from the routes on an empty in-memory
// database (the document does not depend on the data; its examples are recorded ones).
import fs from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

async function printOpenApi(outputFile: string | undefined, publicUrl: string | undefined) {
  const database = await openDatabase({ kind: 'memory' });
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    });
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    const text = `${JSON.stringify(app.swagger(), null, 2)}\n`;
    await app.close();
    if (outputFile) fs.writeFileSync(outputFile, text);
    else process.stdout.write(text);
  } finally {
    await database.close();
  }
}

await printOpenApi(process.argv[2], process.argv[3]);
