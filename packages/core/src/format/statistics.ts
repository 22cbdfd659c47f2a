/**
 * Statistics strip display (product-spec §5): a count of 1000 or more is shown as whole thousands,
 * rounded down, with a plus sign (2500 → "2+"); smaller counts are shown as they are.
 */
export const STATISTICS_THOUSAND_THRESHOLD = 1000;

export function formatStatisticCount(count: number): string {
  if (!Number.isFinite(count)) return '0';
  if (count >= STATISTICS_THOUSAND_THRESHOLD) {
    return `${Math.floor(count / STATISTICS_THOUSAND_THRESHOLD)}+`;
  }
  return String(count);
}

/** The data-access label of the statistics strip: '24/7' when data is open, else 'Limited'. */
export function formatDataAccess(isOpenAround247: boolean): '24/7' | 'Limited' {
  return isOpenAround247 ? '24/7' : 'Limited';
}
