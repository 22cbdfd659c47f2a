import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * A local stand-in for WoRMS' REST API that answers only with WoRMS' own recorded answers
 * (fixtures/worms/SOURCE.md says where each comes from and how a batch is answered).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/worms');

interface Cassette {
  http_interactions: {
    request: { uri: string };
    response: { status: { status_code: string }; body: { string: string } };
  }[];
}

const cassette = (file: string) =>
  (parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')) as Cassette).http_interactions[0]!;

/** The recorded list of records WoRMS answered for each name. */
function recordedAnswers(): Map<string, unknown[]> {
  const answers = new Map<string, unknown[]>();
  // AphiaRecordsByMatchNames for one name: the name is in the recorded request.
  const synonym = cassette('wm_records_taxamatch.yml');
  const asked = new URL(synonym.request.uri).searchParams.get('scientificnames[]')!;
  answers.set(asked, (JSON.parse(synonym.response.body.string) as unknown[][])[0]!);
  const near = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, 'adyork-intro-to-apis-taxamatch-gadus-morha.json'), 'utf8'),
  ) as unknown[][];
  answers.set('Gadus morha', near[0]!);
  // AphiaRecordsByAphiaIDs: the record answers for its own name.
  const accepted = JSON.parse(cassette('wm_record.yml').response.body.string) as {
    scientificname: string;
  }[];
  answers.set(accepted[0]!.scientificname, accepted);
  return answers;
}

/** The names the replay holds recordings for, by the kind of answer. */
export const RECORDED_NAMES = {
  accepted: 'Rhincodontidae',
  synonym: 'Coryphaena immaculata',
  near: 'Gadus morha',
} as const;

export interface WormsReplay {
  /** Base address, as WORMS_API_URL. */
  url: string;
  /** Every request's names, in order. */
  requests: string[][];
  close(): Promise<void>;
}

export async function startWormsReplay(): Promise<WormsReplay> {
  const answers = recordedAnswers();
  const nothingFound = cassette('wm_ranks_name_error.yml').response;
  const requests: string[][] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://replay');
    if (request.method !== 'GET' || url.pathname !== '/rest/AphiaRecordsByMatchNames') {
      response.writeHead(404).end();
      return;
    }
    const names = url.searchParams.getAll('scientificnames[]');
    requests.push(names);
    if (!names.some((name) => answers.has(name))) {
      response.writeHead(Number(nothingFound.status.status_code)).end(nothingFound.body.string);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(names.map((name) => answers.get(name) ?? [])));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/rest`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An address where nothing answers (a port opened and closed again): WoRMS unreachable. */
export async function unreachableUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/rest`;
}
