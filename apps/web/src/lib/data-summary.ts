import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-client';

/** The API's interactive documentation, served by the server next to the API. */
export const API_DOCS_URL = '/api/docs';

export const getDataSummary = (signal?: AbortSignal) =>
  api.get('/api/public/data-summary/', { signal });

/**
 * The public data's version and licences (footer, /cite). Public data: kept across logins, and
 * read again like other queries once stale.
 */
export function useDataSummary() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.dataSummary,
      queryFn: ({ signal }) => getDataSummary(signal),
    }),
  );
}
