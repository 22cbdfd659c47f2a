import { orcidUrl, type TCreator } from '@coral/core';
import { ExternalLink } from '@/components/external-link';

/** Creators with their affiliation and ORCID iD (a link to their ORCID record). */
export function DatasetCreators({ creators }: { creators: readonly TCreator[] }) {
  if (creators.length === 0) return <p className="text-body-secondary">No creators stated.</p>;
  return (
    <ul className="list-unstyled mb-3" aria-label="Creators">
      {creators.map((creator, index) => (
        <li key={`${creator.name}-${index}`} className="mb-1">
          <span className="fw-semibold">{creator.name}</span>
          {creator.affiliation && (
            <span className="text-body-secondary">, {creator.affiliation}</span>
          )}
          {creator.orcid && (
            <>
              {' '}
              <ExternalLink
                href={orcidUrl(creator.orcid)}
                className="small"
                // The visible text leads the name, as speech-input users say what they see.
                aria-label={`ORCID ${creator.orcid} of ${creator.name}`}
              >
                ORCID {creator.orcid}
              </ExternalLink>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
