import { thresholdKindInfos, type TUploadSummary } from '@coral/core';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "28 colonies, 112 observations, 28 thresholds" for a done upload. */
export function createdSummary(upload: Pick<TUploadSummary, 'status' | 'counts'>): string {
  const c = upload.counts;
  if (upload.status === 'failed') return plural(c.errors ?? 0, 'error');
  if (upload.status !== 'done') return '—';
  const thresholds = thresholdKindInfos.reduce((sum, kind) => sum + (c[kind.listKey] ?? 0), 0);
  return [
    plural(c.colonies ?? 0, 'colony', 'colonies'),
    plural(c.observations ?? 0, 'observation'),
    plural(thresholds, 'threshold'),
  ].join(', ');
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatUploadTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export const errorReportFileName = (uploadId: number) => `upload_${uploadId}_errors.csv`;
export const flagReportFileName = (uploadId: number) => `upload_${uploadId}_quality_flags.csv`;
