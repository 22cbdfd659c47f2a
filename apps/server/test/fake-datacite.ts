import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * A stand-in for the DataCite REST API on a local port (tests never call the real one): records
 * each request and answers with the next scripted reply (201 when the script is used up).
 */
export async function startFakeDataCite() {
  const requests: RecordedRequest[] = [];
  const replies: { status: number; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text === '' ? null : (JSON.parse(text) as unknown),
      });
      const reply = replies.shift() ?? { status: 201, body: { data: { type: 'dois' } } };
      response.writeHead(reply.status, { 'content-type': 'application/vnd.api+json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next answers, in order. */
    reply: (status: number, body: unknown) => replies.push({ status, body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
