import { CLIENT_ROUTES, QUALITY_FLAG_DESCRIPTIONS, qualityFlagLabel } from '@coral/core';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';

/** `/quality-flags#implausible_absolute`: the explanation of one flag. */
export const qualityFlagPath = (code: string) => `${CLIENT_ROUTES.quality_flags}#${code}`;

const ORDER = QUALITY_FLAG_DESCRIPTIONS.map((description) => description.code as string);
const rank = (code: string) => {
  const index = ORDER.indexOf(code);
  return index === -1 ? ORDER.length : index;
};

/**
 * The 'flagged' mark of a threshold value (decision 0002): its title names every flag (labels
 * from the core registry), and it links to the explanation of the most serious one on
 * /quality-flags (the registry lists untrustworthy flags first). Nothing for no flags.
 */
export function QualityFlagBadge({ flags }: { flags: readonly string[] }) {
  if (flags.length === 0) return null;
  const explanation = flags.map(qualityFlagLabel).join('; ');
  const first = [...flags].sort((a, b) => rank(a) - rank(b))[0]!;
  return (
    <Badge
      as={Link}
      to={qualityFlagPath(first)}
      bg="warning"
      text="dark"
      className="ms-1 fw-normal quality-flag-badge"
      title={`${explanation} (what does this mean?)`}
    >
      flagged<span className="visually-hidden">: {explanation}</span>
    </Badge>
  );
}
