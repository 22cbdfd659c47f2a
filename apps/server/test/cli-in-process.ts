import { Readable, Writable } from 'node:stream';
import { runCli, type CliDependencies } from '../src/cli/run-cli';
import type { AppConfig } from '../src/config';
import type { AppDb } from '../src/db/schema';

/** A stream that keeps what is written to it. */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

/** `npm run cli -- <argv>` in process: its exit code and what it printed. */
export async function runCliCaptured(
  argv: string[],
  dependencies: CliDependencies,
  stdin: NodeJS.ReadableStream = Readable.from([]),
) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await runCli(argv, { stdin, stdout, stderr }, dependencies);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** The CLI's dependencies on a test's own database (never the configured one). */
export const onTestDatabase = (config: AppConfig, db: AppDb): CliDependencies => ({
  config,
  withDatabase: <T>(work: (database: AppDb) => Promise<T>) => work(db),
});
