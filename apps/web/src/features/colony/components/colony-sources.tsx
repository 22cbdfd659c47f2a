import { datasetPath, projectPath, type TColonyPage } from '@coral/core';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { ExternalLink } from '@/components/external-link';
import { LicenceBadge } from '@/components/licence-badge';
import { SectionCard } from '@/components/section-card';

/** The projects that sampled the colony and the dataset version its data are published in. */
export function ColonySources({ colony }: { colony: TColonyPage }) {
  const { dataset } = colony;
  return (
    <SectionCard id="colony-sources-title" title="Projects and dataset">
      <dl className="mb-0">
        <dt>{colony.projects.length === 1 ? 'Project' : 'Projects'}</dt>
        <dd>
          {colony.projects.length === 0 ? (
            'No project'
          ) : (
            <ul className="list-unstyled mb-0">
              {colony.projects.map((project) => (
                <li key={project.id}>
                  <Link to={projectPath(project.id)}>{project.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Dataset</dt>
        <dd>
          <Link to={datasetPath(dataset.id, dataset.version)}>
            {dataset.title} (version {dataset.version})
          </Link>
        </dd>
        <dt>Licence</dt>
        <dd className="mb-0">
          <LicenceBadge licence={dataset.licence} withLink />
        </dd>
      </dl>
    </SectionCard>
  );
}

/**
 * How to cite the colony's data: the recommended citation of its dataset version, the same text
 * the dataset's page and its citation files give (core's `recommendedCitation`).
 */
export function ColonyCitation({ colony }: { colony: TColonyPage }) {
  const { citation } = colony.dataset;
  return (
    <SectionCard id="colony-citation-title" title="How to cite">
      <p className="small">
        This colony's data are part of a dataset; cite the dataset version they come from:
      </p>
      <blockquote className="border-start border-4 ps-3 mb-3" data-testid="citation-text">
        {citation.text}
      </blockquote>
      <div className="d-flex flex-wrap align-items-center gap-3">
        <CopyButton text={citation.text} what="Citation" />
        <ExternalLink href={citation.url} className="small text-break">
          {citation.url}
        </ExternalLink>
      </div>
    </SectionCard>
  );
}
