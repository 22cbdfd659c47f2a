import type { DataCiteMetadata } from '@coral/core';
import type { DataCiteConfig } from '../../config';

/**
 * DOI registration through the DataCite REST API (https://support.datacite.org/docs/api-create-dois):
 * a JSON:API document whose attributes are the DataCite metadata plus the DOI, the landing page
 * URL and the `publish` event (a findable DOI at once). Basic authentication with the repository
 * account. Only used when the DataCite settings are given (config/datacite.ts).
 */
export interface DataCiteClient {
  /** Registers (or, when it exists already, updates) a findable DOI; throws with DataCite's reason. */
  publishDoi(input: { doi: string; url: string; metadata: DataCiteMetadata }): Promise<void>;
}

const JSON_API = 'application/vnd.api+json';
/** A registration that hangs must not hold the job forever; the queue retries it. */
const TIMEOUT_MS = 30_000;

export class DataCiteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** DataCite's errors: `{errors: [{source, title}]}`; anything else is quoted as it came. */
async function reasonOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as { errors?: { source?: string; title?: string }[] };
    const titles = (body.errors ?? []).map((e) => (e.source ? `${e.source}: ${e.title}` : e.title));
    if (titles.length > 0) return titles.join('; ');
  } catch {
    // not JSON: quoted below
  }
  return text.slice(0, 500) || response.statusText;
}

export function createDataCiteClient(
  config: Pick<DataCiteConfig, 'apiUrl' | 'repositoryId' | 'password'>,
): DataCiteClient {
  const authorization = `Basic ${Buffer.from(`${config.repositoryId}:${config.password}`).toString('base64')}`;

  const send = (method: 'POST' | 'PUT', path: string, body: unknown) =>
    fetch(`${config.apiUrl}${path}`, {
      method,
      headers: { authorization, 'content-type': JSON_API, accept: JSON_API },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  return {
    async publishDoi({ doi, url, metadata }) {
      const document = {
        data: {
          type: 'dois',
          attributes: { ...metadata, doi, url, event: 'publish' },
        },
      };
      let response = await send('POST', '/dois', document);
      // Registered by an earlier attempt whose answer was lost (the job is retried): update it.
      if (response.status === 422) {
        const reason = await reasonOf(response);
        if (!/already been taken/i.test(reason)) {
          throw new DataCiteError(422, `DataCite refused DOI ${doi}: ${reason}`);
        }
        response = await send('PUT', `/dois/${doi.split('/').map(encodeURIComponent).join('/')}`, {
          data: { ...document.data, id: doi },
        });
      }
      if (!response.ok) {
        throw new DataCiteError(
          response.status,
          `DataCite refused DOI ${doi} (HTTP ${response.status}): ${await reasonOf(response)}`,
        );
      }
    },
  };
}
