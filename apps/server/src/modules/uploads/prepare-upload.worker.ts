// Entry of the worker thread that checks uploads (prepare-upload-thread.ts): core's
// prepareUpload, away from the event loop that answers requests. Built as its own file
// (dist/prepare-upload-worker.js, build.mjs). It stays up between uploads: loading core (with
// its land polygons) takes a second or more, checking a small file a few milliseconds.
import { parentPort } from 'node:worker_threads';
import { prepareUpload } from '@coral/core';
import { PLAN_PART_ITEMS, type CheckMessage, type CheckReply } from './prepare-upload-thread';

/** The last plan's long lists, until the server has pulled them (PLAN_PART_ITEMS). */
let held: Record<string, unknown[]> = {};

parentPort!.on('message', (message: CheckMessage) => {
  const { id } = message;
  if ('release' in message) {
    held = {};
    return;
  }
  if ('pull' in message) {
    const { field, from } = message.pull;
    const part = (held[field] ?? []).slice(from, from + PLAN_PART_ITEMS);
    parentPort!.postMessage({ id, part } satisfies CheckReply);
    return;
  }
  held = {};
  const { request } = message;
  let reply: CheckReply;
  try {
    const result = prepareUpload(request.main, request.ed, request.options);
    if (!result.ok) {
      reply = { id, result };
    } else {
      // the long lists stay here and go over part by part
      const plan = result.plan as unknown as Record<string, unknown>;
      const parts: Record<string, number> = {};
      const shortPlan: Record<string, unknown> = { ...plan };
      for (const [field, value] of Object.entries(plan)) {
        if (!Array.isArray(value) || value.length <= PLAN_PART_ITEMS) continue;
        held[field] = value;
        parts[field] = value.length;
        shortPlan[field] = [];
      }
      reply = { id, result: { ok: true, plan: shortPlan as unknown as typeof result.plan }, parts };
    }
  } catch (error) {
    // prepareUpload reports bad input as its result; a throw is a defect, reported as one
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
