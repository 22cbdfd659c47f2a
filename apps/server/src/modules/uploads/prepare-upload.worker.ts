// Entry of the worker thread that checks uploads (prepare-upload-thread.ts): core's
// prepareUpload, away from the event loop that answers requests. Built as its own file
// (dist/prepare-upload-worker.js, build.mjs). It stays up between uploads: loading core (with
// its land polygons) takes a second or more, checking a small file a few milliseconds.
import { parentPort } from 'node:worker_threads';
import { prepareUpload } from '@coral/core';
import type { CheckReply, CheckRequest } from './prepare-upload-thread';

parentPort!.on('message', ({ id, request }: CheckRequest) => {
  let reply: CheckReply;
  try {
    reply = { id, result: prepareUpload(request.main, request.ed, request.options) };
  } catch (error) {
    // prepareUpload reports bad input as its result; a throw is a defect, reported as one
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
