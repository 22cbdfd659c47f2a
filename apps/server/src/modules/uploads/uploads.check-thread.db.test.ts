import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareUpload, type TUploadAccepted } from '@coral/core';
import {
  closeUploadTestApp,
  datasheet,
  openUploadTestApp,
  upload,
  type UploadTestApp,
} from '../../../test/upload-test-helpers';
import { turnsWhilePending } from '../../../test/event-loop-watch';
import { workerScript } from '../../lib/worker-script';
import {
  PLAN_PART_ITEMS,
  type CheckMessage,
  type CheckReply,
  prepareUploadInThread,
  UploadTooLargeToCheckError,
} from './prepare-upload-thread';
import { processUpload } from './upload-processor';

/**
 * Decision 0028: an upload's files are checked (parsed, validated, refitted) in a worker
 * thread, so the server keeps answering while a big sheet is checked.
 */
let app: UploadTestApp;
beforeAll(async () => {
  app = await openUploadTestApp();
});
afterAll(() => closeUploadTestApp(app));

const bytes = (name: string) => new Uint8Array(datasheet(name));

/**
 * The real Fiji sheet (standard schema, 560 rows) copied `copies` times as new colonies; the
 * second half of the copies names another project, which the import refuses only after the whole
 * check (an upload is one dataset of one project): the check runs in full, the import does not.
 */
function bigTwoProjectSheet(copies: number): string {
  const [header, ...rows] = datasheet('2022_Fiji_Jareis.csv').toString('utf8').trim().split('\n');
  const out = [header!];
  for (let copy = 0; copy < copies; copy++) {
    for (const row of rows) {
      const cells = row.split(',');
      if (copy >= copies / 2) cells[0] = `${cells[0]} B`;
      cells[3] = `${cells[3]}_${copy}`; // Colony.name
      cells[9] = `${cells[9]}_${copy}`; // BioSample.name
      out.push(cells.join(','));
    }
  }
  return out.join('\n');
}

describe('the check thread', () => {
  it('gives exactly what prepareUpload gives in-process, for an accepted and a refused pair', async () => {
    const accepted = {
      main: { name: 'cbass_dataset_raw.csv', bytes: bytes('cbass_dataset_raw.csv') },
      ed: { name: 'ED50.csv', bytes: bytes('cbass_dataset_ED50_Results.csv') },
    };
    const refused = {
      main: { name: 'cbass_dataset_raw.csv', bytes: bytes('cbass_dataset_raw.csv') },
      ed: { name: 'ED50.csv', bytes: bytes('2022_Fiji_Jareis.csv') },
    };
    const today = new Date('2026-11-24T12:00:00Z');
    for (const files of [accepted, refused]) {
      const inThread = await prepareUploadInThread(
        { ...files, options: { today, refitMaxColonies: 1000 } },
        { maxHeapMb: 512 },
      );
      expect(inThread).toEqual(
        prepareUpload(files.main, files.ed, { today, refitMaxColonies: 1000 }),
      );
    }
  });

  it('hands over a long plan in parts of at most PLAN_PART_ITEMS items, and whole', async () => {
    // Receiving a 56,000-row plan in one message was a structured clone of all of it on the
    // server's thread (a stall of 1–4 s on a loaded machine); the stall itself is measured by
    // the imports bench (docs/decisions/0069-embedded-database-in-a-thread.md). Here: the protocol
    // that avoids it, spoken to the check thread's own script.
    const main = { name: 'big.csv', bytes: new TextEncoder().encode(bigTwoProjectSheet(16)) };
    const worker = new Worker(await workerScript('prepare-upload-worker'));
    const replies: CheckReply[] = [];
    let wake = () => {};
    worker.on('message', (reply: CheckReply) => {
      replies.push(reply);
      wake();
    });
    const ask = async (message: CheckMessage): Promise<CheckReply> => {
      const arrived = new Promise<void>((resolve) => (wake = resolve));
      worker.postMessage(message);
      await arrived;
      return replies.shift()!;
    };
    try {
      const first = await ask({ id: 1, request: { main, ed: null, options: {} } });
      if (!('result' in first) || !first.result.ok) throw new Error(JSON.stringify(first));
      expect(first.result.plan.observations).toEqual([]);
      const parts = first.parts ?? {};
      expect(parts.observations).toBeGreaterThan(3 * PLAN_PART_ITEMS);
      const plan = first.result.plan as unknown as Record<string, unknown[]>;
      let id = 2;
      for (const [field, length] of Object.entries(parts)) {
        const items: unknown[] = [];
        for (let from = 0; from < length; from += PLAN_PART_ITEMS) {
          const answer = await ask({ id: id++, pull: { field, from } });
          if (!('part' in answer)) throw new Error(JSON.stringify(answer));
          expect(answer.part.length).toBeLessThanOrEqual(PLAN_PART_ITEMS);
          items.push(...answer.part);
        }
        plan[field] = items;
      }
      expect(first.result).toEqual(prepareUpload(main, null, {}));
      // and the server's side puts it together the same way
      expect(
        await prepareUploadInThread({ main, ed: null, options: {} }, { maxHeapMb: 1024 }),
      ).toEqual(first.result);
    } finally {
      await worker.terminate();
    }
  });

  it('a check that needs more memory than allowed fails with a clear reason, and the next check works', async () => {
    const sheet = new TextEncoder().encode(bigTwoProjectSheet(80));
    const check = prepareUploadInThread(
      { main: { name: 'big.csv', bytes: sheet }, ed: null, options: {} },
      { maxHeapMb: 128 },
    );
    await expect(check).rejects.toBeInstanceOf(UploadTooLargeToCheckError);
    await expect(check).rejects.toThrow(/needed more than the 128 MB of memory a check may use/);
    const next = await prepareUploadInThread(
      { main: { name: 'cbass_84.csv', bytes: bytes('cbass_84.csv') }, ed: null, options: {} },
      { maxHeapMb: 512 },
    );
    expect(next.ok).toBe(true);
  });
});

describe('processing an upload', () => {
  it('leaves the event loop free while the files are checked', async () => {
    const sheet = bigTwoProjectSheet(4);
    const response = await upload(app.ann, { filename: 'big.csv', content: sheet }, null);
    expect(response.statusCode, response.body).toBe(202);
    const { upload_id } = response.json<TUploadAccepted>();
    const outcome = await processUpload(
      { db: app.ctx.database.db, config: app.ctx.config },
      upload_id,
    );
    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' && outcome.errors[0]!.problem).toMatch(/names 2 projects/);

    // The check the processor ran, on its own: sent to the check's thread, it leaves this
    // thread's event loop turning until the answer comes back; run on this thread (as before),
    // the loop cannot turn once before it ends.
    const files = {
      main: { name: 'big.csv', bytes: new TextEncoder().encode(sheet) },
      ed: null,
      options: {},
    };
    const inThread = prepareUploadInThread(files, {
      maxHeapMb: app.ctx.config.uploads.checkMaxHeapMb,
    });
    expect(await turnsWhilePending(inThread)).toBeGreaterThan(100);
    expect((await inThread).ok).toBe(true);
    const onThisThread = Promise.resolve().then(() => prepareUpload(files.main, null));
    expect(await turnsWhilePending(onThisThread)).toBe(0);
    expect((await onThisThread).ok).toBe(true);
  });
});
