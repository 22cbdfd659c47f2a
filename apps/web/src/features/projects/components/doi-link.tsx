import { doiUrl } from '@coral/core';
import { ExternalLink } from '@/components/external-link';

/** 'View DOI' for a real DOI; placeholders ("No doi available", "NA", empty) get no link. */
export function DoiLink({ doi, title }: { doi: string | null; title: string }) {
  const href = doiUrl(doi);
  if (!href) return null;
  return (
    <ExternalLink href={href} className="small" aria-label={`View DOI: ${title}`}>
      View DOI
    </ExternalLink>
  );
}
