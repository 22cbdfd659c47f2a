import { parseMatchNamesAnswer, WORMS_MATCH_BATCH_SIZE, type WormsRecord } from '@coral/core';

/**
 * A client of WoRMS' REST API (https://www.marinespecies.org/rest/, base address WORMS_API_URL):
 * `AphiaRecordsByMatchNames`, WoRMS' fuzzy TAXAMATCH over up to 50 names a request
 * (docs/decisions/0049-taxon-matching.md).
 */
export interface WormsClient {
  /** One list of records per name, in the order given. Throws WormsUnreachableError. */
  matchNames(names: readonly string[]): Promise<WormsRecord[][]>;
}

/** WoRMS could not be asked or did not answer usefully: try again later, never "no match". */
export class WormsUnreachableError extends Error {
  override readonly name = 'WormsUnreachableError';
}

export interface WormsClientOptions {
  /** Without a trailing slash, e.g. https://www.marinespecies.org/rest */
  baseUrl: string;
  /** Seconds before a request is given up. */
  timeoutSeconds?: number;
  batchSize?: number;
  fetch?: typeof fetch;
}

export function createWormsClient(options: WormsClientOptions): WormsClient {
  const fetchFn = options.fetch ?? fetch;
  const batchSize = Math.min(options.batchSize ?? WORMS_MATCH_BATCH_SIZE, WORMS_MATCH_BATCH_SIZE);
  const timeoutMs = (options.timeoutSeconds ?? 30) * 1000;

  async function matchBatch(names: readonly string[]): Promise<WormsRecord[][]> {
    // marine_only=false: a name WoRMS holds as brackish or freshwater is still the name matched
    // (WoRMS' default, true, would answer "no match" for it).
    const query = [
      ...names.map((name) => `scientificnames%5B%5D=${encodeURIComponent(name)}`),
      'marine_only=false',
    ].join('&');
    const url = `${options.baseUrl}/AphiaRecordsByMatchNames?${query}`;
    let response: Response;
    try {
      response = await fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new WormsUnreachableError(
        `WoRMS (${options.baseUrl}) could not be reached: ${reason(error)}`,
      );
    }
    // 204 No Content: WoRMS matched none of the names.
    if (response.status === 204) return names.map(() => []);
    if (response.status !== 200) {
      throw new WormsUnreachableError(
        `WoRMS (${options.baseUrl}) answered HTTP ${response.status} ${response.statusText}`.trim(),
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new WormsUnreachableError(`WoRMS' answer is not JSON: ${reason(error)}`);
    }
    try {
      return parseMatchNamesAnswer(body, names.length);
    } catch (error) {
      throw new WormsUnreachableError(`WoRMS' answer was not understood: ${reason(error)}`);
    }
  }

  return {
    async matchNames(names) {
      const answers: WormsRecord[][] = [];
      for (let start = 0; start < names.length; start += batchSize) {
        answers.push(...(await matchBatch(names.slice(start, start + batchSize))));
      }
      return answers;
    },
  };
}

const reason = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
    : String(error);
