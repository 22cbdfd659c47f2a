import { doiUrl, formatLongUsDate, type TDatasetDetail } from '@coral/core';
import { Fragment } from 'react';
import Badge from 'react-bootstrap/Badge';
import { ExternalLink } from '@/components/external-link';
import { DatasetCreators } from './dataset-creators';
import { DatasetProtocol } from './dataset-protocol';
import { SectionCard } from '@/components/section-card';

/** What the version's metadata say: description, creators, keywords, publications, protocol. */
export function DatasetAbout({ dataset }: { dataset: TDatasetDetail }) {
  const { metadata } = dataset.version;
  return (
    <SectionCard id="dataset-about-title" title="About this dataset">
      {metadata.description ? (
        <p style={{ whiteSpace: 'pre-line' }}>{metadata.description}</p>
      ) : (
        <p className="text-body-secondary">No description.</p>
      )}
      <h3 className="h6">Creators</h3>
      <DatasetCreators creators={metadata.creators} />
      {metadata.keywords.length > 0 && (
        <>
          <h3 className="h6">Keywords</h3>
          <ul className="list-inline mb-3" aria-label="Keywords">
            {metadata.keywords.map((keyword) => (
              <li key={keyword} className="list-inline-item">
                <Badge bg="light" text="dark" className="border fw-normal">
                  {keyword}
                </Badge>
              </li>
            ))}
          </ul>
        </>
      )}
      {metadata.related_publications.length > 0 && (
        <>
          <h3 className="h6">Related publications</h3>
          <ul className="mb-3" aria-label="Related publications">
            {metadata.related_publications.map((publication) => (
              <li key={publication.doi}>
                {publication.title && <span className="me-2">{publication.title}</span>}
                <ExternalLink
                  href={doiUrl(publication.doi) ?? `https://doi.org/${publication.doi}`}
                  aria-label={`DOI ${publication.doi}${publication.title ? `: ${publication.title}` : ''}`}
                >
                  doi:{publication.doi}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </>
      )}
      <DatasetProtocol protocol={metadata.protocol} />
      {metadata.embargo_until && (
        <p className="mb-0">
          <strong>Embargo:</strong> the data are hidden until{' '}
          {formatLongUsDate(metadata.embargo_until)}.
        </p>
      )}
    </SectionCard>
  );
}

/** How much the version holds (not shown for a withdrawn dataset: its data are gone). */
export function DatasetCounts({ dataset }: { dataset: TDatasetDetail }) {
  const { counts } = dataset.version;
  const facts: [string, string][] = [
    ['Colonies', counts.colonies.toLocaleString('en-US')],
    ['Observations', counts.observations.toLocaleString('en-US')],
    ['Thresholds', counts.thresholds.toLocaleString('en-US')],
    ['Species', counts.species.length === 0 ? 'None' : counts.species.join(', ')],
    ['Countries', counts.countries.length === 0 ? 'None' : counts.countries.join(', ')],
  ];
  return (
    <SectionCard id="dataset-counts-title" title="Data">
      <dl className="row mb-0">
        {facts.map(([term, description]) => (
          <Fragment key={term}>
            <dt className="col-sm-3">{term}</dt>
            <dd className="col-sm-9">{description}</dd>
          </Fragment>
        ))}
      </dl>
    </SectionCard>
  );
}
