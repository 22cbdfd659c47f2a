import type { TDataSummary } from '@coral/core';
import { licenceLabel } from '@/components/licence-badge';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * "CC BY 4.0 (3 datasets) · licence not stated (11)": the first count names its unit, the
 * others follow it; "Licence not stated" is lower-cased inside the sentence.
 */
export function licenceSummary(licences: TDataSummary['licences']): string {
  return licences
    .map(({ licence, datasets }, index) => {
      const label = licence === null ? licenceLabel(null).toLowerCase() : licenceLabel(licence);
      return `${label} (${index === 0 ? plural(datasets, 'dataset') : datasets})`;
    })
    .join(' · ');
}
