import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, ratio } from './report';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHEET = path.join(benchDir, '../fixtures/datasheets/cbass_84.csv');

/**
 * Peak memory (max RSS, MB) of a fresh process checking a real sheet followed by `blankLines`
 * empty lines with the upload's own checks (prepareUpload), as the worker does.
 */
function peakMemoryMb(blankLines: number): number {
  const script = `
    import fs from 'node:fs';
    import { prepareUpload } from '@coral/core';
    const bytes = Buffer.concat([fs.readFileSync(${JSON.stringify(SHEET)}), Buffer.alloc(${blankLines}, 10)]);
    const result = prepareUpload({ name: 'sheet.csv', bytes: new Uint8Array(bytes) }, null, { today: new Date() });
    if (!result.ok) throw new Error('the sheet was refused');
    process.stdout.write(String(process.resourceUsage().maxRSS));`;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: benchDir, encoding: 'utf8' },
  );
  if (child.status !== 0) throw new Error(`the memory probe failed: ${child.stderr}`);
  return Number(child.stdout) / 1024;
}

/**
 * Decision 0024: a sheet followed by 52 million blank lines (50 MB, within the upload limit)
 * took the server to 4 GB. Memory must follow the file's useful content: the padded file is
 * compared with the same sheet alone, in the same run.
 */
export function runBlankLinesBench(): void {
  const alone = peakMemoryMb(0);
  const rows = [0, 5_000_000, 52_000_000].map((blankLines) => {
    const peak = blankLines === 0 ? alone : peakMemoryMb(blankLines);
    return {
      label: `cbass_84.csv + ${blankLines.toLocaleString('en-US')} blank lines`,
      values: {
        'peak RSS': `${peak.toFixed(0)} MB`,
        'vs the sheet alone': ratio(peak / alone),
      },
    };
  });
  printTable('Upload check memory (fresh process)', rows);
}
